/// The names a model class's properties are persisted under: its `propertiesMapping()`,
/// checked against the class's properties. The one place that turns a Swift property name into
/// the name stored in the file (and sent to sync), and back.
///
/// Most classes have no mapping: `isIdentity` is true and every name maps to itself, so
/// callers that translate names skip the work entirely.
struct PersistedNames: Sendable {
    private let persistedByPublic: [String: String]
    private let publicByPersisted: [String: String]

    /// No mapping: every property is persisted under its Swift name.
    static let identity = PersistedNames(persistedByPublic: [:])

    private init(persistedByPublic: [String: String]) {
        self.persistedByPublic = persistedByPublic
        var inverse: [String: String] = [:]
        for (publicName, persisted) in persistedByPublic { inverse[persisted] = publicName }
        publicByPersisted = inverse
    }

    /// The mapping `type` declares, for its properties `names`. Throws when the mapping names a
    /// property the class does not persist, maps to an empty name, or gives two properties one
    /// persisted name.
    init(_ type: ObjectBase.Type, names: [String]) throws {
        let mapping = type.propertiesMapping().filter { $0.key != $0.value }
        guard !mapping.isEmpty else { self = .identity; return }
        let className = type.className()
        let known = Set(names)
        for (publicName, persisted) in mapping.sorted(by: { $0.key < $1.key }) {
            guard known.contains(publicName) else {
                throw RealmError.invalidSchema("\(className).propertiesMapping() maps '\(publicName)', which is not a persisted property of \(className)")
            }
            guard !persisted.isEmpty, !persisted.contains(".") else {
                throw RealmError.invalidSchema("\(className).propertiesMapping() maps '\(publicName)' to '\(persisted)': a persisted name must be non-empty and contain no '.'")
            }
        }
        var owner: [String: String] = [:]
        for name in names {
            let persisted = mapping[name] ?? name
            if let other = owner[persisted] {
                let (first, second) = other < name ? (other, name) : (name, other)
                throw RealmError.invalidSchema("\(className).propertiesMapping(): properties '\(first)' and '\(second)' are both persisted as '\(persisted)'")
            }
            owner[persisted] = name
        }
        self.init(persistedByPublic: mapping)
    }

    /// Whether every property is persisted under its Swift name.
    var isIdentity: Bool { persistedByPublic.isEmpty }

    /// The name the property `publicName` is persisted under.
    func persistedName(_ publicName: String) -> String { persistedByPublic[publicName] ?? publicName }

    /// The Swift name of the property persisted as `persisted`.
    func publicName(_ persisted: String) -> String { publicByPersisted[persisted] ?? persisted }
}
