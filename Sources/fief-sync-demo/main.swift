import FiefSync
import Foundation

// The sync demo: fief-server on loopback, two users, three devices, an offer and a refusal,
// then flexible sync on the default realm: a subscription, objects moving in and out of it.
// Run by scripts/demo after the local demo. Everything lives in a temporary folder that is
// removed at the end.

let work = FileManager.default.temporaryDirectory.appendingPathComponent("fief-sync-demo-\(UUID().uuidString.prefix(8))")
defer { try? FileManager.default.removeItem(at: work) }

func step(_ text: String) { print("\n▸ " + text) }
func say(_ text: String) { print("    " + text) }

func app(_ device: String, _ server: ServerLauncher) -> App {
    App(id: "trips", configuration: AppConfiguration(baseURL: server.baseURL, rootDirectory: work.appendingPathComponent(device)))
}

func runDemo() async throws {
    step("Starting fief-server on 127.0.0.1 with a temporary data directory")
    let server = try ServerLauncher(dataDirectory: work.appendingPathComponent("server-data"))
    say("listening on \(server.baseURL)")

    step("Two users register: ann and bob")
    let phoneApp = app("ann-phone", server)
    try await phoneApp.emailPasswordAuth.registerUser(email: "ann", password: "ann's long passphrase")
    let ann = try await phoneApp.login(credentials: .emailPassword(email: "ann", password: "ann's long passphrase"))
    let bobApp = app("bob-laptop", server)
    try await bobApp.emailPasswordAuth.registerUser(email: "bob", password: "bob's long passphrase")
    let bob = try await bobApp.login(credentials: .emailPassword(email: "bob", password: "bob's long passphrase"))
    say("ann is \(ann.id), bob is \(bob.id)")

    step("Ann's phone and laptop open her synced realm realm://…/~/trips")
    let tripsURL = URL(string: "realm://127.0.0.1:\(server.port)/~/trips")!
    func tripsConfiguration(_ user: User) -> Realm.Configuration {
        var config = user.configuration(realmURL: tripsURL)
        config.objectTypes = [Trip.self]
        return config
    }
    let laptopApp = app("ann-laptop", server)
    let annOnLaptop = try await laptopApp.login(credentials: .emailPassword(email: "ann", password: "ann's long passphrase"))
    let phone = try await Device("phone", configuration: tripsConfiguration(ann))
    let laptop = try await Device("laptop", configuration: tripsConfiguration(annOnLaptop))

    step("The laptop goes offline; both devices plan the same trip")
    await laptop.session().suspend()
    try await phone.plan("lisbon", to: "Lisbon", days: 4, pack: "sunscreen")
    try await laptop.plan("lisbon", to: "Lisbon and Sintra", days: 5, pack: "walking shoes")
    try await laptop.plan("oslo", to: "Oslo", days: 3, pack: "raincoat")
    try await phone.sync()
    say("phone:  \(await phone.summary())")
    say("laptop: \(await laptop.summary())   (offline)")

    step("The laptop reconnects: both converge")
    await laptop.session().resume()
    try await laptop.sync()
    try await phone.sync()
    let phoneView = await phone.summary(), laptopView = await laptop.summary()
    say("phone:  \(phoneView)")
    say("laptop: \(laptopView)")
    guard phoneView == laptopView else { throw DemoFailure("the devices did not converge") }
    say("the same on both: the later write wins per property, and both packing items survive")

    step("Ann offers bob read access; bob accepts and reads the shared realm")
    let token = try await ann.createOfferForRealm(at: tripsURL, accessLevel: .read)
    let sharedURL = try await bob.acceptOffer(forToken: token)
    say("offer token \(token.prefix(12))…, bob opens \(sharedURL.absoluteString)")
    let errors = ErrorLog()
    var bobConfiguration = bob.configuration(realmURL: sharedURL)
    bobConfiguration.objectTypes = [Trip.self]
    bobConfiguration.syncConfiguration?.errorHandler = { error, _ in errors.add(error) }
    let bobsLaptop = try await Device("bob", configuration: bobConfiguration, behavior: .always)
    say("bob:    \(await bobsLaptop.summary())")

    step("Bob writes without permission: the server refuses, and his copy reverts")
    try await bobsLaptop.plan("lisbon", to: "Porto", days: 9, pack: "bob's hat")
    do {
        try await bobsLaptop.session().wait(for: .upload, timeout: .seconds(30))
        throw DemoFailure("the server accepted a write from a reader")
    } catch let error as SyncError where error.code == .writeNotAllowed {
        say("refused: \(error.message)")
    }
    say("bob now: \(await bobsLaptop.summary())")
    try await phone.sync()
    say("ann:     \(await phone.summary())   (never saw it)")

    say("bob's error handler heard: \(errors.codes.map(\.rawValue).joined(separator: ", "))")

    step("Flexible sync on the default realm: ann's phone writes trips, bob subscribes to short ones")
    func flexibleConfiguration(_ user: User, _ subscription: QuerySubscription<Trip>) -> Realm.Configuration {
        var config = user.flexibleSyncConfiguration(initialSubscriptions: { $0.append(subscription) })
        config.objectTypes = [Trip.self]
        return config
    }
    let annPlans = try await Device("ann-default", configuration: flexibleConfiguration(ann, QuerySubscription<Trip>(name: "all")))
    try await annPlans.plan("rome", to: "Rome", days: 3, pack: "guidebook")
    try await annPlans.plan("kyoto", to: "Kyoto", days: 10, pack: "rail pass")
    try await annPlans.plan("bruges", to: "Bruges", days: 2, pack: "umbrella")
    try await annPlans.sync()
    let bobShort = try await Device("bob-default", configuration: flexibleConfiguration(bob, QuerySubscription<Trip>(name: "short") { $0.days <= 3 }),
                                    behavior: .always)
    say("bob (days <= 3): \(await bobShort.summary())")
    try await annPlans.plan("kyoto", to: "Kyoto", days: 3, pack: "light bag")
    try await annPlans.plan("rome", to: "Rome", days: 7, pack: "sandals")
    try await annPlans.sync()
    try await bobShort.sync()
    say("ann makes Kyoto short and Rome long; bob now: \(await bobShort.summary())")
    say("ann still has every trip: \(await annPlans.summary())")

    step("Stopping fief-server (SIGTERM)")
    say("exit status \(server.stop())")
}

/// Errors the sessions reported.
final class ErrorLog: @unchecked Sendable {
    private let lock = NSLock()
    private var errors: [SyncError] = []
    func add(_ error: SyncError) { lock.lock(); errors.append(error); lock.unlock() }
    var codes: [SyncError.Code] { lock.lock(); defer { lock.unlock() }; return errors.map(\.code) }
}

do {
    try await runDemo()
    print("\nSync demo finished.")
} catch {
    print("\nSync demo failed: \(error)")
    exit(1)
}
