import Fief
import Foundation
import XCTest

/// Many actors reading and writing one file at once, with observers: no deadlock, no lost
/// write, and every delivered change set transforms the observer's previous view into the
/// results it describes.
final class ConcurrentActorsStressTests: XCTestCase {
    func testWritersAndObserversOnOneFile() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = Realm.Configuration(fileURL: directory.appendingPathComponent("stress.realm"), objectTypes: [Dog.self, Person.self])
        let writers = 6, writesEach = 25
        let observers = (0..<2).map { _ in MirrorObserver() }
        for observer in observers { try await observer.start(config) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for w in 0..<writers {
                group.addTask {
                    let writer = StressWriter()
                    try await writer.run(config, writer: w, count: writesEach)
                }
            }
            try await group.waitForAll()
        }
        // Every observer converges to the final contents with consistent change sets.
        for observer in observers {
            let (count, failures) = await observer.settle(expected: writers * writesEach)
            XCTAssertEqual(count, writers * writesEach)
            XCTAssertEqual(failures, 0)
        }
        let realm = try openConfined(config)
        XCTAssertEqual(realm.objects(Dog.self).count, writers * writesEach)
        XCTAssertEqual(realm.objects(Dog.self).sum(ofProperty: "age") as Int, writers * writesEach * 2)
    }
}

actor StressWriter {
    func run(_ config: Realm.Configuration, writer: Int, count: Int) async throws {
        let realm = try await Realm(configuration: config, actor: self)
        for i in 0..<count {
            try await realm.asyncWrite {
                realm.add(Dog(value: ["name": "w\(writer)-\(i)", "age": 1]))
            }
            // Read-modify-write of the object just added: no update may be lost.
            try await realm.asyncWrite {
                let dog = realm.objects(Dog.self).filter("name == %@", "w\(writer)-\(i)").first!
                dog.age += 1
            }
        }
    }
}

actor MirrorObserver {
    var realm: Realm!
    var token: NotificationToken?
    var mirror: [String] = []
    var failures = 0

    func start(_ config: Realm.Configuration) async throws {
        realm = try await Realm(configuration: config, actor: self)
        token = realm.objects(Dog.self).sorted(byKeyPath: "name").observe { [unowned self] change in
            switch change {
            case .initial(let r): self.mirror = r.map(\.name)
            case .update(let r, let d, let i, _):
                for index in d.reversed() { self.mirror.remove(at: index) }
                for index in i { self.mirror.insert(r[index].name, at: index) }
                if self.mirror != r.map(\.name) { self.failures += 1 }
            case .error: self.failures += 1
            }
        }
    }

    /// Waits (bounded) until the mirror holds `expected` objects.
    func settle(expected: Int) async -> (Int, Int) {
        for _ in 0..<500 where mirror.count != expected {
            try? await Task.sleep(nanoseconds: 10_000_000)
            realm.refresh()
        }
        token?.invalidate()
        return (mirror.count, failures)
    }
}
