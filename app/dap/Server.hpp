// SPDX-License-Identifier: MIT
// `weft dap`'s message loop: a reader thread turns the client's framed messages into an inbox, and
// the main thread takes them one at a time, together with the tasks the exploration worker posts
// (new snapshots), so every request and every state change runs on one thread. Dispatches requests
// to the DebugSession by command, turns malformed messages, unknown commands, out-of-order requests
// and handler errors into error responses, and ends cleanly on disconnect, terminate or the end of
// the input (docs/dap.md).
#pragma once

#include "app/dap/MessageFraming.hpp"
#include "app/dap/Protocol.hpp"

#include <functional>
#include <memory>
#include <variant>

namespace weft::dap {

class DebugSession;

/// What the session may do with the client besides answering: send events, post work to the loop.
class Client {
public:
    virtual ~Client() = default;
    virtual void sendEvent(const std::string &event, Json body = Json::object()) = 0;
    /// Runs `task` on the loop's thread, after the messages already received (callable from any thread).
    virtual void post(std::function<void()> task) = 0;
};

class Server final : public Client {
public:
    /// Reads requests from `in`, writes responses and events to `out`; `log` receives the protocol log.
    Server(int in, int out, ProtocolLog log = {});
    ~Server() override;
    Server(const Server &) = delete;
    Server &operator=(const Server &) = delete;

    /// Serves until the client disconnects, asks to terminate or closes its end. Returns the exit code
    /// (0); the exploration worker is stopped and joined before it returns.
    int run();

    void sendEvent(const std::string &event, Json body) override;
    void post(std::function<void()> task) override;

private:
    using Item = std::variant<FramedMessage, std::function<void()>>;

    struct Inbox;
    Item take();
    void handleMessage(const FramedMessage &message);
    void handleRequest(const Json &request);
    void sendResponse(const Json &request, Json body);
    void sendError(std::int64_t requestSeq, const std::string &command, ErrorId id, const std::string &text);

    MessageWriter m_writer;
    Sequence m_sequence;
    /// Shared with the reader thread, which is detached: it may stay blocked in read() after run()
    /// returns (stdin of a process that is about to exit), so it must not refer to the server.
    std::shared_ptr<Inbox> m_inbox;
    std::unique_ptr<DebugSession> m_session;
    bool m_done = false;
};

} // namespace weft::dap
