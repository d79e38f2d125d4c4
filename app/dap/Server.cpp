// SPDX-License-Identifier: MIT
#include "app/dap/Server.hpp"

#include "app/dap/DebugSession.hpp"

#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>

namespace weft::dap {

namespace {

/// Invalid UTF-8 in a string (a program's output, a file name) is replaced, never an exception.
std::string serialise(const Json &message) { return message.dump(-1, ' ', false, Json::error_handler_t::replace); }

} // namespace

struct Server::Inbox {
    explicit Inbox(int fd) : reader(fd) {}
    MessageReader reader;
    std::mutex mutex;
    std::condition_variable ready;
    std::deque<Item> items;

    void push(Item item) {
        {
            const std::lock_guard lock(mutex);
            items.push_back(std::move(item));
        }
        ready.notify_one();
    }
};

Server::Server(int in, int out, ProtocolLog log)
    : m_writer(out, std::move(log)), m_inbox(std::make_shared<Inbox>(in)),
      m_session(std::make_unique<DebugSession>(*this)) {}

Server::~Server() = default;

void Server::sendEvent(const std::string &event, Json body) {
    m_writer.send(serialise(makeEvent(m_sequence.next(), event, std::move(body))));
}

void Server::post(std::function<void()> task) { m_inbox->push(std::move(task)); }

Server::Item Server::take() {
    std::unique_lock lock(m_inbox->mutex);
    m_inbox->ready.wait(lock, [&] { return !m_inbox->items.empty(); });
    Item item = std::move(m_inbox->items.front());
    m_inbox->items.pop_front();
    return item;
}

int Server::run() {
    std::thread([inbox = m_inbox] {
        for (;;) {
            FramedMessage message = inbox->reader.next();
            const bool end = message.kind == FramedMessage::Kind::EndOfInput;
            inbox->push(std::move(message));
            if (end)
                return;
        }
    }).detach();
    while (!m_done) {
        Item item = take();
        if (auto *task = std::get_if<std::function<void()>>(&item)) {
            (*task)();
            continue;
        }
        const FramedMessage &message = std::get<FramedMessage>(item);
        if (message.kind == FramedMessage::Kind::EndOfInput) {
            m_writer.log("!! end of input: the client is gone");
            break;
        }
        handleMessage(message);
    }
    m_session->shutDown(); // cancels and joins the exploration worker
    return 0;
}

void Server::handleMessage(const FramedMessage &message) {
    if (message.kind == FramedMessage::Kind::BadHeader) {
        m_writer.log("!! " + message.problem);
        sendError(0, "", kMalformedMessage, "malformed message: " + message.problem);
        return;
    }
    m_writer.log("<- " + message.body);
    Json request = Json::parse(message.body, nullptr, /*allow_exceptions=*/false);
    if (request.is_discarded()) {
        sendError(0, "", kMalformedMessage, "malformed message: the body is not JSON");
        return;
    }
    const bool hasSeq = request.is_object() && request.contains("seq") && request["seq"].is_number_integer();
    const std::int64_t seq = hasSeq ? request["seq"].get<std::int64_t>() : 0;
    if (!request.is_object() || request.value("type", Json()) != "request" || !hasSeq ||
        !request.contains("command") || !request["command"].is_string()) {
        // Responses and events from the client (e.g. a runInTerminal reply) are not expected either.
        sendError(seq, request.is_object() && request.contains("command") && request["command"].is_string()
                           ? request["command"].get<std::string>()
                           : std::string(),
                  kMalformedMessage, "malformed message: expected a request with an integer 'seq' and a 'command'");
        return;
    }
    handleRequest(request);
}

void Server::handleRequest(const Json &request) {
    const std::string command = request["command"].get<std::string>();
    const std::int64_t seq = request["seq"].get<std::int64_t>();
    try {
        DebugSession::Outcome outcome = m_session->handle(command, Arguments(request));
        sendResponse(request, std::move(outcome.body));
        if (outcome.after)
            outcome.after();
        if (outcome.endSession)
            m_done = true;
    } catch (const RequestError &e) {
        sendError(seq, command, e.id, e.what());
    } catch (const std::exception &e) {
        sendError(seq, command, kInternal, std::string("internal error: ") + e.what());
    }
}

void Server::sendResponse(const Json &request, Json body) {
    m_writer.send(serialise(makeResponse(m_sequence.next(), request, std::move(body))));
}

void Server::sendError(std::int64_t requestSeq, const std::string &command, ErrorId id, const std::string &text) {
    m_writer.send(serialise(makeErrorResponse(m_sequence.next(), requestSeq, command, id, text)));
}

} // namespace weft::dap
