import DeckStorage
import Foundation
import Hummingbird
import HummingbirdCore
import LiveTables
import Logging
import NIOCore
import TableCore

/// Builds the `riffle serve` application: the Deck of Cards API, card images and the web app over
/// a deck store, plus the background task that deletes expired decks.
///
/// ```swift
/// let store = try await DeckStoreDatabase.open("riffle.sqlite")  // import DeckStores
/// let app = RiffleServer.makeApplication(configuration: ServiceConfiguration(), store: store)
/// try await app.runService()
/// ```
public enum RiffleServer {
    /// Builds the application.
    ///
    /// - Parameters:
    ///   - configuration: address, public URL, deck lifetime and limits.
    ///   - store: where decks live.
    ///   - logger: the logger for requests and background work.
    ///   - clock: the current time in seconds since 1970 (the system clock by default; tests pass their own).
    ///   - onServerRunning: called with the bound port once the server accepts connections.
    /// - Returns: an application to run with `runService()`.
    public static func makeApplication(
        configuration: ServiceConfiguration,
        store: any DeckStore,
        logger: Logger = Logger(label: "riffle"),
        clock: @escaping @Sendable () -> Int64 = { Int64(Date().timeIntervalSince1970) },
        onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) -> some ApplicationProtocol {
        let cardJSON = PublicCardJSON(
            publicURL: configuration.publicURL ?? configuration.listeningURL(port: configuration.port))
        let limits = configuration.limits
        let metrics = ServiceMetrics()
        let hub = EventHub(
            store: store, cardJSON: cardJSON,
            configuration: EventHub.Configuration(
                heartbeatInterval: configuration.eventHeartbeatInterval,
                subscriberCapacity: configuration.eventSubscriberCapacity,
                setUpTimeout: configuration.eventSetUpTimeout),
            logger: logger)
        let presence = PresenceTracker(
            store: store, grace: configuration.presenceGrace, lease: configuration.presenceLease, clock: clock,
            logger: logger)
        let inFlight = RequestsInFlight()
        let dispatch = RiffleResponder(
            api: DeckAPI(
                store: store, cardJSON: cardJSON, clock: clock,
                joins: JoinQuota(maximumJoins: limits.maximumJoinsPerClientPerTable)),
            routes: APIRouteTable(),
            events: EventStreamEndpoint(
                store: store, hub: hub, cardJSON: cardJSON, clock: clock,
                slots: EventStreamSlots(
                    limits: EventStreamQuota.Limits(
                        perClient: limits.maximumStreamsPerClient, total: limits.streamCapacity),
                    // A client whose streams are gone is noticed within a heartbeat: retry after one.
                    retryAfterSeconds: Int(configuration.eventHeartbeatInterval.components.seconds)),
                presence: presence, resumeBudgetBytes: max(0, configuration.eventResumeBudgetBytes)),
            assets: StaticAssets(webRoot: configuration.webRoot),
            limits: limits,
            operations: OperationsEndpoints(store: store, metrics: metrics, hub: hub, requestsInFlight: inFlight),
            deckCapacity: limits.maximumDecks.map { DeckCapacityGate(maximumDecks: $0) })
        let clients = ClientAddressResolver(trustedProxies: configuration.trustedProxies.compactMap(IPNetwork.init))
        let responder = RequestPipeline(
            clients: clients,
            accounting: RequestAccounting(metrics: metrics, logger: logger, inFlight: inFlight),
            headerLimit: HeaderLimitCheck(limits: limits),
            rateLimit: limits.requestsPerSecondPerClient.map {
                RateLimitCheck(
                    gate: RateLimitGate(configuration: .init(requestsPerSecond: $0, burst: limits.rateLimitBurst)),
                    metrics: metrics)
            },
            errors: ErrorRendering(metrics: metrics, logger: logger),
            dispatch: dispatch)
        let openConnections = OpenConnections(
            maximum: limits.maximumConnections, maximumPerClient: limits.connectionCapacityPerClient, clients: clients)
        let deadlineLimits = ConnectionDeadlines.Limits(
            requestHead: TimeAmount(limits.requestHeadTimeout), requestBody: TimeAmount(limits.requestBodyTimeout),
            idle: TimeAmount(limits.idleConnectionTimeout))
        let expiry = DeckExpiryService(
            store: store, lifetimeSeconds: configuration.deckLifetimeSeconds,
            sweepIntervalSeconds: configuration.expirySweepIntervalSeconds, clock: clock, logger: logger)
        return Application(
            responder: responder,
            server: .loopAffineHTTP1(
                requestsInFlight: inFlight,
                configuration: HTTP1Channel.Configuration(additionalChannelHandlers: [
                    ConnectionCapHandler(openConnections: openConnections, metrics: metrics),
                    MalformedRequestHandler(metrics: metrics),
                    ConnectionTimeoutHandler(limits: deadlineLimits, metrics: metrics), EventStreamHandler(),
                ])),
            configuration: ApplicationConfiguration(
                address: .hostname(configuration.host, port: configuration.port), serverName: "riffle"),
            services: [expiry, hub, presence],
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? configuration.port
                if configuration.publicURL == nil { cardJSON.setPublicURL(configuration.listeningURL(port: port)) }
                await onServerRunning(port)
            },
            logger: logger)
    }
}
