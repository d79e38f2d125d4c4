// SPDX-License-Identifier: MIT
#include "app/dap/MessageFraming.hpp"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <string_view>
#include <unistd.h>

namespace weft::dap {

namespace {

constexpr std::string_view kLengthField = "content-length:";

bool equalsIgnoringCase(std::string_view a, std::string_view b) {
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i])))
            return false;
    return true;
}

std::string_view trimmed(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
        s.remove_suffix(1);
    return s;
}

} // namespace

bool MessageReader::fill() {
    char chunk[65536];
    for (;;) {
        const ssize_t n = ::read(m_fd, chunk, sizeof chunk);
        if (n > 0) {
            m_buffer.append(chunk, std::size_t(n));
            return true;
        }
        if (n < 0 && errno == EINTR)
            continue;
        return false; // end of input, or the descriptor is unusable: both mean the client is gone
    }
}

bool MessageReader::skipToNextHeader(std::size_t from) {
    for (std::size_t i = from; i + kLengthField.size() <= m_buffer.size(); ++i)
        if (equalsIgnoringCase(std::string_view(m_buffer).substr(i, kLengthField.size()), kLengthField)) {
            m_buffer.erase(0, i);
            m_resynchronising = false;
            return true;
        }
    const std::size_t keep = std::min(m_buffer.size(), kLengthField.size() - 1);
    m_buffer.erase(0, m_buffer.size() - keep);
    m_resynchronising = true;
    return false;
}

FramedMessage MessageReader::next() {
    for (;;) {
        if (m_resynchronising && !skipToNextHeader(0)) {
            if (!fill())
                return {FramedMessage::Kind::EndOfInput, {}, {}};
            continue;
        }
        // The header ends at the first empty line; clients send CRLF, a lone LF is accepted too.
        std::size_t headerEnd = std::string::npos, bodyStart = 0;
        if (const std::size_t crlf = m_buffer.find("\r\n\r\n"); crlf != std::string::npos) {
            headerEnd = crlf;
            bodyStart = crlf + 4;
        }
        if (const std::size_t lf = m_buffer.find("\n\n"); lf != std::string::npos && lf < headerEnd) {
            headerEnd = lf;
            bodyStart = lf + 2;
        }
        if (headerEnd == std::string::npos) {
            if (m_buffer.size() > 65536) { // no header is that long: garbage, skip it
                skipToNextHeader(1);
                return {FramedMessage::Kind::BadHeader, {}, "a header of more than 64 KiB without an empty line"};
            }
            if (!fill())
                return {FramedMessage::Kind::EndOfInput, {}, {}};
            continue;
        }
        // Parse the header fields; only Content-Length matters.
        std::string_view header = std::string_view(m_buffer).substr(0, headerEnd);
        std::size_t length = 0;
        bool found = false, valid = true;
        while (!header.empty()) {
            const std::size_t eol = header.find('\n');
            const std::string_view line = trimmed(header.substr(0, eol));
            header = eol == std::string_view::npos ? std::string_view() : header.substr(eol + 1);
            if (line.size() < kLengthField.size() || !equalsIgnoringCase(line.substr(0, kLengthField.size()), kLengthField))
                continue;
            const std::string_view value = trimmed(line.substr(kLengthField.size()));
            const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), length);
            found = true;
            valid = ec == std::errc{} && end == value.data() + value.size() && length <= kMaxBody;
        }
        if (!found || !valid) {
            const std::string problem = !found ? "a message header without Content-Length"
                                               : "a Content-Length that is not a number of at most 64 MiB";
            m_buffer.erase(0, bodyStart); // the bad header goes, whatever follows may be a message
            skipToNextHeader(0);
            return {FramedMessage::Kind::BadHeader, {}, problem};
        }
        while (m_buffer.size() < bodyStart + length)
            if (!fill())
                return {FramedMessage::Kind::EndOfInput, {}, {}}; // the client went away mid-message
        FramedMessage message{FramedMessage::Kind::Body, m_buffer.substr(bodyStart, length), {}};
        m_buffer.erase(0, bodyStart + length);
        return message;
    }
}

bool MessageWriter::send(const std::string &json) {
    const std::lock_guard lock(m_mutex);
    if (m_log)
        m_log("-> " + json);
    if (m_broken)
        return false;
    const std::string framed = "Content-Length: " + std::to_string(json.size()) + "\r\n\r\n" + json;
    for (std::size_t done = 0; done < framed.size();) {
        const ssize_t n = ::write(m_fd, framed.data() + done, framed.size() - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            m_broken = true;
            return false;
        }
        done += std::size_t(n);
    }
    return true;
}

void MessageWriter::log(const std::string &line) {
    const std::lock_guard lock(m_mutex);
    if (m_log)
        m_log(line);
}

} // namespace weft::dap
