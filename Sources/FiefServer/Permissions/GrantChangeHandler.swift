/// Called with a user's id and a realm path after the user's grant on the path changed; the
/// sync server ends the user's sessions on the path that may no longer read it.
public typealias GrantChangeHandler = @Sendable (_ userId: String, _ path: RealmPath) async -> Void
