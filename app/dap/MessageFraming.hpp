// SPDX-License-Identifier: MIT
// The Debug Adapter Protocol's base framing: each message is a header ("Content-Length: N", CRLF,
// other header fields ignored, an empty line) followed by N bytes of UTF-8 JSON. Reads from and
// writes to file descriptors (stdin/stdout, or pipes in tests); the writer is thread-safe so the
// exploration worker can send progress events while the main thread answers requests.
#pragma once

#include <cstddef>
#include <functional>
#include <mutex>
#include <string>

namespace weft::dap {

/// One framed message read from the client, or why there is none.
struct FramedMessage {
    enum class Kind {
        Body,       ///< `body` holds the message's bytes (not yet parsed)
        EndOfInput, ///< the client closed its end (or the descriptor failed): time to exit
        BadHeader,  ///< a header without a usable Content-Length; `problem` says what; the reader resynchronised
    };
    Kind kind = Kind::EndOfInput;
    std::string body;
    std::string problem;
};

class MessageReader {
public:
    /// Messages larger than this are refused as a bad header (and skipped) instead of being buffered.
    static constexpr std::size_t kMaxBody = std::size_t{64} << 20;

    explicit MessageReader(int fd) : m_fd(fd) {}
    /// Blocks until a whole message, the end of the input or a bad header.
    FramedMessage next();

private:
    /// Reads more bytes into the buffer; false at the end of the input.
    bool fill();
    /// Drops the bytes before the next "Content-Length:" at or after `from` (resynchronising after a
    /// bad header), or all but a possible partial match of it; true when the field start was found.
    bool skipToNextHeader(std::size_t from);

    int m_fd;
    std::string m_buffer;
    /// Still looking for the next "Content-Length:" after a bad header: the bytes before it are
    /// garbage however they arrive (a partial match at the end of one read must not end the search).
    bool m_resynchronising = false;
};

/// Where a protocol log goes (`weft dap --log FILE`): one line per message, "<-" for what the client
/// sent, "->" for what the adapter sent, and notes ("!!") for framing problems.
using ProtocolLog = std::function<void(const std::string &line)>;

class MessageWriter {
public:
    explicit MessageWriter(int fd, ProtocolLog log = {}) : m_fd(fd), m_log(std::move(log)) {}
    /// Frames and writes `json` (one serialised message); false once the client is gone.
    bool send(const std::string &json);
    /// Logs a line (received messages, framing notes) through the same lock as sent messages.
    void log(const std::string &line);

private:
    int m_fd;
    ProtocolLog m_log;
    std::mutex m_mutex;
    bool m_broken = false;
};

} // namespace weft::dap
