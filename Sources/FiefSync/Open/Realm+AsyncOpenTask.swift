import Fief

extension Realm {
    /// RealmSwift's name for the handle ``Realm/asyncOpen(configuration:callbackQueue:callback:)``
    /// returns: cancel the open, or watch its download.
    ///
    /// ```swift
    /// let task: Realm.AsyncOpenTask = Realm.asyncOpen(configuration: config) { realm, error in }
    /// task.addProgressNotification { progress in print(progress.fractionTransferred) }
    /// ```
    public typealias AsyncOpenTask = FiefSync.AsyncOpenTask
}
