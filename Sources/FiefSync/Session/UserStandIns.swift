// TEMPORARY until the auth work lands (it defines these on User).
extension User {
    var isLoggedIn: Bool { true }
    func addLogoutObserver(_ body: @escaping @Sendable () -> Void) {}
}
