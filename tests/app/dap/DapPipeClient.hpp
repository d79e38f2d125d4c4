// SPDX-License-Identifier: MIT
// A DAP client for tests and benchmarks: runs a `weft dap` Server on a thread over two pipes, sends
// framed requests and reads responses and events in order (events that arrive while waiting for a
// response are kept for event()). Blocking reads only: a hang is caught by the test's timeout.
#pragma once

#include "app/dap/MessageFraming.hpp"
#include "app/dap/Protocol.hpp"
#include "app/dap/Server.hpp"

#include <csignal>
#include <deque>
#include <stdexcept>
#include <string>
#include <thread>
#include <unistd.h>

namespace weft::dap::test {

class DapPipeClient {
public:
    explicit DapPipeClient(ProtocolLog log = {}) {
        std::signal(SIGPIPE, SIG_IGN);
        int toServer[2], fromServer[2];
        if (::pipe(toServer) != 0 || ::pipe(fromServer) != 0)
            throw std::runtime_error("pipe");
        m_toServer = toServer[1];
        m_fromServer = fromServer[0];
        m_serverIn = toServer[0];
        m_serverOut = fromServer[1];
        m_reader = std::make_unique<MessageReader>(m_fromServer);
        m_thread = std::thread([this, log = std::move(log)] {
            Server server(m_serverIn, m_serverOut, log);
            m_exitCode = server.run();
            ::close(m_serverOut); // the client reads the end of the output
        });
    }
    ~DapPipeClient() {
        closeInput();
        if (m_thread.joinable())
            m_thread.join();
        ::close(m_fromServer);
        // m_serverIn stays open: the server's reader thread is detached (in `weft dap` it may stay
        // blocked on stdin) and may still read it; closing it could hand its number to the next
        // test's pipe, which that thread would then read from.
    }

    /// Sends `bytes` as they are (for framing errors).
    void sendRaw(const std::string &bytes) {
        if (::write(m_toServer, bytes.data(), bytes.size()) != ssize_t(bytes.size()))
            throw std::runtime_error("write to the server failed");
    }
    void sendBody(const std::string &body) { sendRaw("Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body); }
    std::int64_t send(const std::string &command, const Json &arguments = Json::object()) {
        const std::int64_t seq = ++m_seq;
        sendBody(Json{{"seq", seq}, {"type", "request"}, {"command", command}, {"arguments", arguments}}.dump());
        return seq;
    }
    /// The response to request `seq` (events before it are kept).
    Json response(std::int64_t seq) {
        for (;;) {
            Json m = read();
            if (m.value("type", "") == "response" && m.value("request_seq", std::int64_t(-1)) == seq)
                return m;
            m_kept.push_back(std::move(m));
        }
    }
    Json call(const std::string &command, const Json &arguments = Json::object()) {
        return response(send(command, arguments));
    }
    /// The next event called `name` (kept ones first); other events are kept.
    Json event(const std::string &name) {
        for (auto it = m_kept.begin(); it != m_kept.end(); ++it)
            if (it->value("type", "") == "event" && it->value("event", "") == name) {
                Json m = std::move(*it);
                m_kept.erase(it);
                return m;
            }
        for (;;) {
            Json m = read();
            if (m.value("type", "") == "event" && m.value("event", "") == name)
                return m;
            m_kept.push_back(std::move(m));
        }
    }
    /// Kept messages (events not yet taken, responses to requests nobody waited for).
    std::deque<Json> &kept() { return m_kept; }
    /// The next message of any kind (kept ones first).
    Json next() {
        if (!m_kept.empty()) {
            Json m = std::move(m_kept.front());
            m_kept.pop_front();
            return m;
        }
        return read();
    }
    /// Closes the server's input: the client is gone.
    void closeInput() {
        if (m_toServer >= 0)
            ::close(m_toServer);
        m_toServer = -1;
    }
    /// Waits for the server to return; its exit code.
    int wait() {
        if (m_thread.joinable())
            m_thread.join();
        return m_exitCode;
    }
    /// True once the server closed its output (after run() returned).
    bool outputEnded() { return m_reader->next().kind == FramedMessage::Kind::EndOfInput; }

private:
    Json read() {
        const FramedMessage m = m_reader->next();
        if (m.kind != FramedMessage::Kind::Body)
            throw std::runtime_error("the server's output ended");
        return Json::parse(m.body);
    }

    int m_toServer = -1, m_fromServer = -1, m_serverIn = -1, m_serverOut = -1;
    std::unique_ptr<MessageReader> m_reader;
    std::thread m_thread;
    int m_exitCode = -1;
    std::int64_t m_seq = 0;
    std::deque<Json> m_kept;
};

} // namespace weft::dap::test
