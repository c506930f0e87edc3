import FiefSync

/// A trip the demo's users plan together.
final class Trip: Object {
    @Persisted(primaryKey: true) var id = ""
    @Persisted var destination = ""
    @Persisted var days = 0
    @Persisted var packingList: List<String>
}

/// One device: an actor that holds its realm, as an app would.
actor Device {
    let name: String
    var realm: Realm!

    init(_ name: String, configuration: Realm.Configuration, behavior: Realm.OpenBehavior = .never) async throws {
        self.name = name
        realm = try await Realm(configuration: configuration, actor: self, downloadBeforeOpen: behavior)
    }

    func plan(_ id: String, to destination: String, days: Int, pack item: String) throws {
        try realm.write {
            let trip = realm.object(ofType: Trip.self, forPrimaryKey: id) ?? realm.create(Trip.self, value: ["id": id])
            trip.destination = destination
            trip.days = days
            trip.packingList.append(item)
        }
    }

    func summary() -> String {
        realm.refresh()
        return realm.objects(Trip.self).sorted(by: { $0.id < $1.id })
            .map { "\($0.id): \($0.destination), \($0.days) days, packing \($0.packingList.joined(separator: ", "))" }
            .joined(separator: "\n      ")
    }

    func session() -> SyncSession { realm.syncSession! }

    /// Uploads everything, then downloads everything the server has.
    func sync() async throws {
        try await realm.syncSession!.wait(for: .upload, timeout: .seconds(60))
        try await realm.syncSession!.wait(for: .download, timeout: .seconds(60))
    }
}
