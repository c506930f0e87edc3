import Foundation

/// One object per thread, kept in the thread's dictionary: what each thread of Fief's caches
/// (its realm instances, the objects it is encoding) lives in. Only that thread touches it.
enum ThreadLocalObject {
    /// The current thread's object under `key`, made by `make` on the thread's first use.
    static func current<Object: AnyObject>(_ key: String, make: () -> Object) -> Object {
        let dictionary = Thread.current.threadDictionary
        if let existing = dictionary[key] as? Object { return existing }
        let created = make()
        dictionary[key] = created
        return created
    }
}
