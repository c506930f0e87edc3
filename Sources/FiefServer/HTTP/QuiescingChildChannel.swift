import HummingbirdCore
import Logging
import NIOCore

/// Wraps the server's child channel so that graceful shutdown reaches every connection.
///
/// Hummingbird's HTTP handlers, which close a connection when the server quiesces, are added
/// only once the WebSocket upgrader has read a first request head. A connection that has not
/// sent its request yet (a pooled client connection opened a moment before SIGTERM, or a
/// client that connects and says nothing) never hears the quiesce event, and the server
/// waits for it forever. ``QuiesceWithoutRequestHandler`` sits first in the pipeline and
/// covers that window.
struct QuiescingChildChannel<Base: ServerChildChannel>: ServerChildChannel {
    typealias Value = Base.Value
    let base: Base

    func setup(channel: any Channel, logger: Logging.Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(QuiesceWithoutRequestHandler())
        }.flatMap {
            base.setup(channel: channel, logger: logger)
        }
    }

    func handle(value: Value, logger: Logging.Logger) async {
        await base.handle(value: value, logger: logger)
    }
}

/// On `ChannelShouldQuiesceEvent`: closes a connection that has not sent a byte; otherwise
/// passes the event on, and passes it again every ``repeatInterval`` until the connection
/// closes, so that handlers added after the first event (once the request head arrived)
/// hear it too. Hummingbird's handlers treat a repeated event as the first one.
///
/// A connection still open ``closeDeadline`` after the first event (a request head that never
/// completes, a client that ignores the sync hub's close) is closed: shutdown is bounded.
final class QuiesceWithoutRequestHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    static let repeatInterval = TimeAmount.milliseconds(200)
    /// Longer than the sync hub's 10 s wait for its sessions to end on their own.
    static let closeDeadline = TimeAmount.seconds(12)
    private var hasReceivedBytes = false
    private var repeatTask: Scheduled<Void>?
    private var quiesceStarted: NIODeadline?

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        hasReceivedBytes = true
        context.fireChannelRead(data)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        guard event is ChannelShouldQuiesceEvent else {
            context.fireUserInboundEventTriggered(event)
            return
        }
        guard hasReceivedBytes else {
            context.close(promise: nil)
            return
        }
        if quiesceStarted == nil { quiesceStarted = .now() }
        context.fireUserInboundEventTriggered(event)
        scheduleRepeat(context: context)
    }

    func channelInactive(context: ChannelHandlerContext) {
        repeatTask?.cancel()
        repeatTask = nil
        context.fireChannelInactive()
    }

    private func scheduleRepeat(context: ChannelHandlerContext) {
        guard repeatTask == nil else { return }
        let bound = NIOLoopBound((handler: self, context: context), eventLoop: context.eventLoop)
        repeatTask = context.eventLoop.scheduleTask(in: Self.repeatInterval) {
            let (handler, context) = bound.value
            handler.repeatTask = nil
            guard context.channel.isActive else { return }
            if let started = handler.quiesceStarted, .now() - started >= Self.closeDeadline {
                context.close(promise: nil)
                return
            }
            context.fireUserInboundEventTriggered(ChannelShouldQuiesceEvent())
            handler.scheduleRepeat(context: context)
        }
    }
}
