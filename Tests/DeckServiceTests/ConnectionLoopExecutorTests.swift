import NIOCore
import NIOPosix
import Testing

@testable import DeckService

/// Where a connection's task runs: on its event loop while the server is quiet and the task
/// became runnable there, on Swift's global executor otherwise.
@Suite struct ConnectionLoopExecutorTests {
    @Test func aTaskStartedOnItsLoopOfAQuietServerRunsOnThatLoop() async throws {
        let requests = RequestsInFlight(quietBelow: 1)
        #expect(try await ranOnLoop(startedOnLoop: true, requests: requests))
    }

    @Test func aBusyServerRunsTheTaskOnTheGlobalExecutor() async throws {
        let requests = RequestsInFlight(quietBelow: 1)
        requests.began()
        let busy = try await ranOnLoop(startedOnLoop: true, requests: requests)
        requests.ended()
        #expect(!busy)
        #expect(try await ranOnLoop(startedOnLoop: true, requests: requests), "quiet again once the request ended")
    }

    @Test func aTaskMadeRunnableOffTheLoopRunsOnTheGlobalExecutor() async throws {
        #expect(!(try await ranOnLoop(startedOnLoop: false, requests: RequestsInFlight(quietBelow: 1))))
    }

    @Test func eachLoopMayAnswerOneRequestByDefault() {
        #expect(RequestsInFlight().quietBelow == NIOSingletons.groupLoopCountSuggestion)
    }

    /// Starts a task preferring a loop's executor, from that loop's thread or from elsewhere, and
    /// reports whether its body ran on the loop.
    private func ranOnLoop(startedOnLoop: Bool, requests: RequestsInFlight) async throws -> Bool {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let loop = group.next()
        let executor = ConnectionLoopExecutor(loop: loop, requests: requests)
        let task: Task<Bool, Never>
        if startedOnLoop {
            task = try await loop.submit { Task(executorPreference: executor) { loop.inEventLoop } }.get()
        } else {
            task = Task(executorPreference: executor) { loop.inEventLoop }
        }
        let onLoop = await task.value
        try await group.shutdownGracefully()
        return onLoop
    }
}
