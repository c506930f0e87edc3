import Foundation
import ServerProcessSupport

/// Where the default root directory (`XDG_DATA_HOME`) points in tests: at a folder of the
/// running test while it runs, and between tests at a temporary folder of the process (made on
/// first use, removed when the process exits).
///
/// Apps made without a root directory and the Realm Object Server era's `SyncUser` keep their
/// users and realms under the default root. Before, tests of them wrote into the home folder,
/// and a server of a later test or run that got the same port found the users of the earlier
/// one there.
enum TestDataHome {
    private static let betweenTests: URL = {
        let url = makeTemporaryDirectory()
        atexit { try? FileManager.default.removeItem(at: TestDataHome.betweenTests) }
        return url
    }()

    /// Points `XDG_DATA_HOME` at `xdg` in the test's folder `root`.
    static func use(testRoot root: URL) {
        setenv("XDG_DATA_HOME", root.appendingPathComponent("xdg").path, 1)
    }

    /// Points `XDG_DATA_HOME` at the process's folder again (the test's is about to go).
    static func restore() {
        setenv("XDG_DATA_HOME", betweenTests.path, 1)
    }
}
