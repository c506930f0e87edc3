import Fief
import Foundation

/// The synced model of the tests.
final class TestItem: Object {
    @Persisted(primaryKey: true) var id = ""
    @Persisted var text = ""
    @Persisted var count = 0
    @Persisted var tags: List<String>
}
