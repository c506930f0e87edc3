import Fief
import Foundation

extension Demo {
    /// The configuration of the app's second version: seed 003's migration, which merges
    /// `firstName` and `lastName` into `name`. `log` records each run of the block.
    func configuration(log: MigrationLog = MigrationLog()) -> Realm.Configuration {
        Realm.Configuration(
            fileURL: fileURL,
            schemaVersion: 1,
            migrationBlock: { migration, oldSchemaVersion in
                log.oldVersions.append(oldSchemaVersion)
                if (oldSchemaVersion < 1) {
                    migration.enumerateObjects(ofType: Person.className()) { oldObject, newObject in
                        let firstName = oldObject!["firstName"] as! String
                        let lastName = oldObject!["lastName"] as! String
                        newObject!["name"] = "\(firstName) \(lastName)"
                    }
                }
            },
            objectTypes: [Dog.self, Person.self, Settings.self])
    }

    /// Step: the app's first version stores two people with first and last names apart.
    func firstVersion() throws {
        section("Version 1.0 of an app stores people (schema version 0)")
        try realmStep {
            let realm = try Realm(configuration: Realm.Configuration(fileURL: fileURL, objectTypes: [PersonV0.self]))
            try realm.write {
                realm.add(PersonV0(value: ["firstName": "Bob", "lastName": "Smith", "age": 42]))
                realm.add(PersonV0(value: ["firstName": "Agatha", "lastName": "Christie", "age": 85]))
            }
            let people = realm.objects(PersonV0.self)
            say("class Person { firstName, lastName, age }")
            say("added \(people.count) people: "
                + people.map { "\($0.firstName) \($0.lastName) (\($0.age))" }.joined(separator: ", "))
            try expect(people.count == 2, "the realm holds \(people.count) people")
        }
        say("closed \(Demo.fileNames[0])")
    }

    /// Step: the second version reopens the file with schema version 1 and a migration block.
    func migrate() throws {
        section("Version 2.0 merges firstName and lastName into name: a migration")
        let log = MigrationLog()
        try realmStep {
            let realm = try Realm(configuration: configuration(log: log))
            say("reopened with schemaVersion 1 and seed 003's migrationBlock:")
            say("  migration.enumerateObjects(ofType: Person.className()) { oldObject, newObject in")
            say(#"      newObject!["name"] = "\(firstName) \(lastName)" }"#)
            try expect(log.oldVersions == [0], "the migration block ran for old versions \(log.oldVersions)")
            say("the block ran once, with oldSchemaVersion 0; the file is now at schema version \(realm.schemaVersion)")
            let people = realm.objects(Person.self).sorted(byKeyPath: "name")
            say("people: " + people.map { "\"\($0.name)\" (\($0.age))" }.joined(separator: ", "))
            try expect(people.map(\.name) == ["Agatha Christie", "Bob Smith"], "people are \(people.map(\.name))")
            let person = realm.schema["Person"]!.properties.map(\.description).joined(separator: ", ")
            say("class Person { \(person) }")
            say("classes Dog and Settings were added too: adding classes needs no migration code")
        }
        try realmStep { _ = try Realm(configuration: configuration(log: log)) }
        try expect(log.oldVersions == [0], "reopening at schema version 1 ran the migration again")
        say("opening it again with schemaVersion 1 does not run the block")
    }

    /// Step: dogs linked to their owners both ways, and the backlinks computed from them.
    func addObjectsWithLinks() throws {
        section("Objects and links")
        try realmStep {
            let realm = try Realm(configuration: configuration())
            let people = realm.objects(Person.self)
            let bob = people.where { $0.name == "Bob Smith" }.first!
            let agatha = people.filter("name == %@", "Agatha Christie").first!
            try realm.write {
                let rex = Dog(value: ["name": "Rex", "age": 3, "breed": "Labrador"])
                let fido = Dog()
                fido.name = "Fido"
                fido.age = 1
                rex.owner = bob
                fido.owner = bob
                bob.dogs.append(rex)  // appending an unmanaged dog adds it to the realm
                bob.dogs.append(fido)
                agatha.dogs.append(Dog(value: ["name": "Lassie", "age": 5, "breed": "Collie", "owner": agatha]))
            }
            let fido = realm.objects(Dog.self).filter("name == 'Fido'").first!
            say("one write added Rex (Labrador) and Fido for Bob, and Lassie (Collie) for Agatha")
            say("bob.dogs, a List<Dog>: \(Demo.list(bob.dogs))")
            say("fido.owner, a to-one link: \(fido.owner?.name ?? "nil")")
            say("fido.owners, LinkingObjects computed from Person.dogs: "
                + fido.owners.map(\.name).joined(separator: ", "))
            say("agatha.dogs: \(Demo.list(agatha.dogs))")
            try expect(bob.dogs.map(\.name) == ["Rex", "Fido"] && fido.owner?.name == "Bob Smith"
                           && fido.owners.map(\.name) == ["Bob Smith"] && realm.objects(Dog.self).count == 3,
                       "the links read back wrong")
        }
    }

    /// Step: a Realm Query Language string, a type-safe query, live results and a query error.
    func query() throws {
        section("Queries")
        try realmStep {
            let realm = try Realm(configuration: configuration())
            let dogs = realm.objects(Dog.self)
            let bobs = dogs.filter("age < 5 AND owner.name BEGINSWITH 'Bob'").sorted(byKeyPath: "name")
            say(#"filter("age < 5 AND owner.name BEGINSWITH 'Bob'"), sorted by name: "# + Demo.list(bobs))
            try expect(bobs.map(\.name) == ["Fido", "Rex"], "the string query found \(bobs.map(\.name))")

            let grown = dogs.where { $0.age >= 3 && $0.breed != nil }.sorted(byKeyPath: "age")
            say("where { $0.age >= 3 && $0.breed != nil }, sorted by age: " + Demo.list(grown))
            try expect(grown.map(\.name) == ["Rex", "Lassie"], "the typed query found \(grown.map(\.name))")

            let collieOwners = realm.objects(Person.self).filter("ANY dogs.breed == 'Collie'")
            say("people with a collie, filter(\"ANY dogs.breed == 'Collie'\"): "
                + collieOwners.map(\.name).joined(separator: ", "))
            try expect(collieOwners.map(\.name) == ["Agatha Christie"], "the list query found \(collieOwners.map(\.name))")

            let puppies = dogs.filter("age < 2")
            say("puppies = filter(\"age < 2\"): \(Demo.list(puppies))")
            let agatha = realm.objects(Person.self).filter("name == 'Agatha Christie'").first!
            try realm.write {
                agatha.dogs.append(Dog(value: ["name": "Toto", "age": 0, "owner": agatha]))
            }
            say("after a write adds Toto (0), the same results are live: \(Demo.list(puppies))")
            try expect(puppies.map(\.name) == ["Fido", "Toto"], "the live results hold \(puppies.map(\.name))")

            for text in ["age >", "weight > 3"] {
                do {
                    _ = try dogs.filtered(text)
                    try expect(false, "the query '\(text)' was accepted")
                } catch let error as RealmError {
                    say("try filtered(\"\(text)\") throws: \(error)")
                }
            }
        }
    }

    /// Step: seed 003's upsert: create-or-update one property of a `Settings` by primary key.
    func upsert() throws {
        section("Upserts by primary key")
        try realmStep {
            let realm = try Realm(configuration: configuration())
            func show(_ what: String) throws -> Settings {
                let settings = try realm.object(ofType: Settings.self, forPrimaryKey: 1)
                    .orThrow(CommandFailure("demo: no Settings with id 1"))
                say("\(what)\n      → id \(settings.id): showToolbar \(settings.showToolbar), linesShown \(settings.linesShown)")
                return settings
            }
            try realm.write { realm.create(Settings.self, value: ["id": 1, "linesShown": 10]) }
            _ = try show(#"create(Settings.self, value: ["id": 1, "linesShown": 10])"#)
            try realm.write {
                realm.create(Settings.self, value: ["id": 1, "showToolbar": false], update: .modified)
            }
            let settings = try show(#"create(Settings.self, value: ["id": 1, "showToolbar": false], update: .modified)"#)
            try expect(!settings.showToolbar && settings.linesShown == 10 && realm.objects(Settings.self).count == 1,
                       "the upsert did not merge into the one existing object")
            say("only showToolbar changed; linesShown kept its value; still \(realm.objects(Settings.self).count) Settings object")
            do {
                try realm.write { realm.create(Settings.self, value: ["id": 1]) }
                try expect(false, "a second Settings with id 1 was created")
            } catch let error as RealmError {
                say("without update: the write throws: \(error)")
            }
        }
    }

    /// Step: a frozen snapshot keeps its objects while the live realm deletes one; deleting
    /// removes the object from the lists that held it.
    func freezeAndDelete() throws {
        section("Frozen snapshots and deletes")
        try realmStep {
            let realm = try Realm(configuration: configuration())
            let dogs = realm.objects(Dog.self)
            let frozen = dogs.freeze()
            let toto = dogs.filter("name == 'Toto'").first!
            try realm.write { realm.delete(toto) }
            say("froze the \(frozen.count) dogs, then deleted Toto in a write")
            say("live:   \(Demo.list(dogs.sorted(byKeyPath: "name")))")
            say("frozen: \(Demo.list(frozen.sorted(byKeyPath: "name")))  (isFrozen: \(frozen.isFrozen))")
            let agatha = realm.objects(Person.self).filter("name == 'Agatha Christie'").first!
            say("agatha.dogs no longer holds Toto: \(Demo.list(agatha.dogs))")
            try expect(dogs.count == 3 && frozen.count == 4 && agatha.dogs.map(\.name) == ["Lassie"],
                       "after the delete: \(dogs.count) live dogs, \(frozen.count) frozen, Agatha has \(agatha.dogs.count)")
        }
    }
}

/// The old schema versions a migration block was called with.
final class MigrationLog {
    /// One entry per call.
    var oldVersions: [UInt64] = []
}

extension Optional {
    /// The wrapped value, or `error` thrown.
    func orThrow(_ error: @autoclosure () -> Error) throws -> Wrapped {
        guard let value = self else { throw error() }
        return value
    }
}
