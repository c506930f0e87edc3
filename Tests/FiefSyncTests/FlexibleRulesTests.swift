@_spi(Sync) import FiefSync
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import XCTest

/// Per-class permission rules with flexible sync, against the real server: two users with
/// different rules and subscriptions on one realm, random writes by both and by an
/// administrator; each holds exactly what its rules and subscriptions allow, and writes the
/// rules forbid are reverted on the writer's device and reach nobody.
final class FlexibleRulesTests: SyncTestCase {
    /// Everyone reads their own items and public ones, and writes only their own.
    static let rules = #"{"roles": [{"name": "member", "classes": {"FlexItem": {"read": "owner_id == $user.id OR status == 'public'", "write": "owner_id == $user.id"}}}]}"#

    /// `PUT /realms/rules`; returns the HTTP status.
    func putRules(_ rules: String, path: String, token: String) async throws -> Int {
        var request = URLRequest(url: URL(string: server.baseURL + "/realms/rules")!)
        request.httpMethod = "PUT"
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(#"{"path": "\#(path)", "rules": \#(rules)}"#.utf8)
        let (_, response) = try await URLSession.shared.data(for: request)
        return (response as! HTTPURLResponse).statusCode
    }

    /// The administrator logged in, ``rules`` set on `/default`, and the users alice and bob.
    func startWithRules() async throws -> (admin: User, alice: User, bob: User) {
        let admin = try await SyncUser.logIn(with: .adminToken("admin-secret"), server: URL(string: server.baseURL)!)
        let status = try await putRules(Self.rules, path: "/default", token: admin.accessToken!)
        XCTAssertEqual(status, 200)
        return (admin, try await register("alice", on: makeApp(device: "alice")), try await register("bob", on: makeApp(device: "bob")))
    }

    func testEachUserHoldsExactlyWhatRulesAndSubscriptionsAllowAfterRandomWrites() async throws {
        let (admin, aliceUser, bobUser) = try await startWithRules()
        let adminDevice = try await FlexDevice(admin, subscriptions: [QuerySubscription<FlexItem>(name: "all")])
        let alice = try await FlexDevice(aliceUser, subscriptions: [QuerySubscription<FlexItem>(name: "all")])
        let bob = try await FlexDevice(bobUser, subscriptions: [QuerySubscription<FlexItem>(name: "high") { $0.score >= 50 }])

        var random = SystemRandomNumberGenerator()
        let statuses = ["open", "public", "done"]
        var attemptedForbidden = 0
        for round in 0..<4 {
            for (device, user, prefix) in [(alice, aliceUser, "a"), (bob, bobUser, "b")] {
                for op in 0..<6 {
                    switch Int.random(in: 0..<4, using: &random) {
                    case 0, 1:
                        try await device.put("\(prefix)-\(round)-\(op)", owner: user.id, status: statuses.randomElement(using: &random)!, score: Int.random(in: 0..<100, using: &random))
                    case 2:
                        // A change of an item someone else owns: the rules refuse it.
                        let foreign = await device.items().filter { !$0.contains(user.id) }
                        if let line = foreign.randomElement(using: &random) {
                            let id = String(line.split(separator: " ")[0])
                            if try await device.setStatus(id, "hacked") { attemptedForbidden += 1 }
                        }
                    default:
                        let own = await device.items().filter { $0.contains(user.id) }
                        if let line = own.randomElement(using: &random) {
                            let id = String(line.split(separator: " ")[0])
                            if Bool.random(using: &random) { try await device.delete(id) } else { _ = try await device.setStatus(id, statuses.randomElement(using: &random)!) }
                        }
                    }
                }
            }
            for op in 0..<6 {
                let owner = [aliceUser.id, bobUser.id, "carol"].randomElement(using: &random)!
                try await adminDevice.put("adm-\(round)-\(op)", owner: owner, status: statuses.randomElement(using: &random)!, score: Int.random(in: 0..<100, using: &random))
            }
            // The administrator is bound by no rule: it changes anyone's items.
            if let line = await adminDevice.items().randomElement(using: &random) {
                _ = try await adminDevice.setStatus(String(line.split(separator: " ")[0]), "public")
            }
        }
        for _ in 0..<2 {
            for device in [alice, bob, adminDevice] { try await device.settle() }
        }

        let all = await adminDevice.items()
        let fields = all.map { $0.split(separator: " ").map(String.init) }
        XCTAssertFalse(all.contains { $0.contains(" hacked ") }, "a forbidden write reached the server")
        let aliceExpected = fields.filter { $0[1] == aliceUser.id || $0[2] == "public" }.map { $0.joined(separator: " ") }
        let bobExpected = fields.filter { ($0[1] == bobUser.id || $0[2] == "public") && Int($0[3])! >= 50 }.map { $0.joined(separator: " ") }
        let aliceHolds = await alice.items()
        let bobHolds = await bob.items()
        XCTAssertEqual(aliceHolds, aliceExpected)
        XCTAssertEqual(bobHolds, bobExpected)
        if attemptedForbidden > 0 {
            let rejected = (alice.errors.all + bob.errors.all).filter { $0.code == .writeRejected }
            XCTAssertFalse(rejected.isEmpty, "\(attemptedForbidden) forbidden writes, no writeRejected error")
        }
    }

    func testAForbiddenWriteIsRevertedWithAnErrorAndReachesNobody() async throws {
        let (admin, aliceUser, bobUser) = try await startWithRules()
        let alice = try await FlexDevice(aliceUser, subscriptions: [QuerySubscription<FlexItem>(name: "all")])
        let bob = try await FlexDevice(bobUser, subscriptions: [QuerySubscription<FlexItem>(name: "all")])
        try await alice.put("shared", owner: aliceUser.id, status: "public", score: 1)
        try await alice.put("secret", owner: aliceUser.id, status: "open", score: 2)
        try await alice.settle()
        try await bob.settle()
        let seen = await bob.items()
        XCTAssertEqual(seen, ["shared \(aliceUser.id) public 1"], "bob reads public items only")

        // Bob changes Alice's item: reverted on his device, with an error saying why.
        _ = try await bob.setStatus("shared", "mine now")
        try await bob.settle()
        try await eventually(10, "the write is reverted") { bob.errors.all.contains { $0.code == .writeRejected } }
        let reverted = await bob.items()
        XCTAssertEqual(reverted, ["shared \(aliceUser.id) public 1"])
        let message = bob.errors.all.first { $0.code == .writeRejected }?.message ?? ""
        XCTAssertTrue(message.contains("FlexItem") && message.contains("owner_id == $user.id"), message)
        let info = try XCTUnwrap(bob.errors.all.first { $0.code == .writeRejected }?.compensatingWriteInfo)
        XCTAssertEqual(info.count, 1, message)
        XCTAssertEqual(info.first?.objectType, "FlexItem")
        XCTAssertEqual(info.first?.primaryKey, .string("shared"))
        XCTAssertTrue(info.first?.reason.contains("owner_id == $user.id") ?? false, "\(info)")
        try await alice.settle()
        let aliceItems = await alice.items()
        XCTAssertEqual(aliceItems, ["secret \(aliceUser.id) open 2", "shared \(aliceUser.id) public 1"])

        // Rules that change take effect at once: everything becomes readable to Bob.
        let opened = #"{"roles": [{"name": "all", "default": {"read": "TRUEPREDICATE", "write": "TRUEPREDICATE"}}]}"#
        let changed = try await putRules(opened, path: "/default", token: admin.accessToken!)
        XCTAssertEqual(changed, 200)
        try await bob.settle()
        let everything = await bob.items()
        XCTAssertEqual(everything.count, 2)

        // Rules that do not parse are refused with their position.
        let broken = #"{"roles": [{"name": "x", "default": {"read": "owner_id == "}}]}"#
        let refused = try await putRules(broken, path: "/default", token: admin.accessToken!)
        XCTAssertEqual(refused, 400)
        // Only the realm's managers set rules.
        let byBob = try await putRules(opened, path: "/default", token: bobUser.accessToken!)
        XCTAssertEqual(byBob, 403)
    }

    func testTheDefaultRealmListsUsersInUserClass() async throws {
        let aliceUser = try await register("alice", on: makeApp(device: "alice"))
        let bobUser = try await register("bob", on: makeApp(device: "bob"))
        var config = aliceUser.configuration()
        config.objectTypes = [FlexItem.self, __User.self]
        let holder = try await UserListHolder(config)
        try await holder.subscribe()
        _ = try await FlexDevice(bobUser, subscriptions: [])
        try await holder.settle()
        let ids = await holder.userIds()
        XCTAssertTrue(ids.isSuperset(of: [aliceUser.id, bobUser.id]), "\(ids)")
        // Clients never write the list.
        try await holder.addUser("intruder")
        try await holder.settle()
        try await eventually(10, "the write is reverted") { holder.errors.all.contains { $0.code == .writeRejected } }
        let after = await holder.userIds()
        XCTAssertFalse(after.contains("intruder"))
    }
}

/// The server's user list, as an app declares it to link to users.
final class __User: Object {
    @Persisted(primaryKey: true) var id = ""
    @Persisted var isAdmin = false
}

/// A device of the default realm, opened query-based (`user.configuration()`).
actor UserListHolder {
    var realm: Realm!
    let errors = ErrorLog()

    init(_ configuration: Realm.Configuration) async throws {
        var config = configuration
        let errors = self.errors
        config.syncConfiguration?.errorHandler = { error, _ in errors.add(error) }
        realm = try await Realm(configuration: config, actor: self, downloadBeforeOpen: .always)
    }

    func subscribe() async throws {
        try await realm.objects(__User.self).subscribe(name: "users")
    }

    func settle() async throws {
        try await realm.syncSession!.wait(for: .upload, timeout: .seconds(60))
        try await realm.syncSession!.wait(for: .download, timeout: .seconds(60))
    }

    func userIds() -> Set<String> {
        realm.refresh()
        return Set(realm.objects(__User.self).map(\.id))
    }

    func addUser(_ id: String) throws {
        try realm.write { realm.create(__User.self, value: ["id": id]) }
    }
}
