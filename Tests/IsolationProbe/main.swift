// fief-isolation-probe: a child process for RealmIsolationTests. It opens a thread-confined
// realm and then uses it from another thread, which must trap with a message naming the realm
// and the isolation expected. Exits 0 only if the misuse was NOT caught.

import Fief
import Foundation

final class ProbeItem: Object {
    @Persisted var name = ""
}

nonisolated(unsafe) let realm = try! Realm(configuration: Realm.Configuration(inMemoryIdentifier: "isolation-probe",
                                                                             objectTypes: [ProbeItem.self]))
let thread = Thread {
    _ = realm.objects(ProbeItem.self).count
    print("not caught")
    exit(0)
}
thread.start()
sleep(10)
exit(3)
