import Fief

// The models of `fief demo`: seed 003's Dog, Person and Settings, and the Person of the app's
// first version, before its migration.

/// A dog (seed 003): two required properties with defaults, an optional one, a to-one link to
/// its owner and the backlinks of `Person.dogs`.
final class Dog: Object {
    /// The dog's name.
    @Persisted var name = ""
    /// Its age in years.
    @Persisted var age = 0
    /// Its breed, if known.
    @Persisted var breed: String?
    /// Its owner: a to-one link.
    @Persisted var owner: Person?
    /// The people whose `dogs` list holds this dog, computed from the other side.
    @Persisted(originProperty: "dogs") var owners: LinkingObjects<Person>
}

/// A person, as the app's second version models it: one `name` (seed 003's migration).
final class Person: Object {
    /// First and last name together.
    @Persisted var name = ""
    /// The person's age in years.
    @Persisted var age = 0
    /// The person's dogs: a to-many link.
    @Persisted var dogs: List<Dog>
}

/// Version 0 of `Person`, before the migration: first and last name apart. It is stored under
/// the same class name, `Person`.
final class PersonV0: Object {
    override class func className() -> String { "Person" }
    /// The first name.
    @Persisted var firstName = ""
    /// The last name.
    @Persisted var lastName = ""
    /// The person's age in years.
    @Persisted var age = 0
}

/// A user's preferences, one object per user id (seed 003's upsert example).
final class Settings: Object {
    /// The user id: the primary key.
    @Persisted(primaryKey: true) var id = 0
    /// Whether the toolbar is shown.
    @Persisted var showToolbar = true
    /// How many lines are shown.
    @Persisted var linesShown = 5
}
