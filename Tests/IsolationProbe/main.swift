// fief-isolation-probe: a child process for RealmIsolationTests. It opens a thread-confined
// realm and then uses it from another thread (or, given the argument `queue`, opens a realm
// confined to a dispatch queue and uses it outside that queue), which must trap with a message
// naming the realm and the isolation expected. Exits 0 only if the misuse was NOT caught.

import Fief
import Foundation

final class ProbeItem: Object {
    @Persisted var name = ""
}

let configuration = Realm.Configuration(inMemoryIdentifier: "isolation-probe", objectTypes: [ProbeItem.self])

if CommandLine.arguments.dropFirst().first == "queue" {
    let queue = DispatchQueue(label: "probe-queue")
    // Opening outside the queue is allowed; using the realm there is not.
    let realm = try! Realm(configuration: configuration, queue: queue)
    _ = realm.objects(ProbeItem.self).count
    print("not caught")
    exit(0)
}

nonisolated(unsafe) let realm = try! Realm(configuration: configuration)
let thread = Thread {
    _ = realm.objects(ProbeItem.self).count
    print("not caught")
    exit(0)
}
thread.start()
sleep(10)
exit(3)
