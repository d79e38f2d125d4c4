// SPDX-License-Identifier: MIT
#include "engine/explorer/PathCode.hpp"

namespace weft {

namespace {

void putVarint(std::vector<std::uint8_t> &out, std::uint32_t v) {
    while (v >= 0x80) {
        out.push_back(static_cast<std::uint8_t>(v | 0x80));
        v >>= 7;
    }
    out.push_back(static_cast<std::uint8_t>(v));
}

/// Reads a varint at `at`; false at a truncated or overlong one.
bool getVarint(const std::vector<std::uint8_t> &in, std::size_t &at, std::uint32_t &v) {
    v = 0;
    for (unsigned shift = 0; shift < 35; shift += 7) {
        if (at >= in.size())
            return false;
        const std::uint8_t byte = in[at++];
        v |= static_cast<std::uint32_t>(byte & 0x7f) << shift;
        if (!(byte & 0x80))
            return true;
    }
    return false;
}

/// Calls `f` with each code of `bytes` in order; false if they are malformed.
template <typename F> bool forEachCode(const std::vector<std::uint8_t> &bytes, F &&f) {
    PathCode code;
    std::size_t at = 0;
    while (at < bytes.size()) {
        std::uint32_t shared = 0, rest = 0;
        if (!getVarint(bytes, at, shared) || !getVarint(bytes, at, rest) || shared > code.size() ||
            rest > bytes.size() - at)
            return false;
        code.resize(shared + rest);
        for (std::uint32_t i = shared; i < shared + rest; ++i)
            if (!getVarint(bytes, at, code[i]))
                return false;
        f(code);
    }
    return true;
}

} // namespace

void PathCodeLog::append(std::span<const std::uint32_t> code) {
    const auto shared = static_cast<std::uint32_t>(
        std::mismatch(m_last.begin(), m_last.end(), code.begin(), code.end()).first - m_last.begin());
    putVarint(m_bytes, shared);
    putVarint(m_bytes, static_cast<std::uint32_t>(code.size()) - shared);
    for (std::size_t i = shared; i < code.size(); ++i)
        putVarint(m_bytes, code[i]);
    m_last.assign(code.begin(), code.end());
}

std::vector<std::uint64_t> PathCodeLog::countEarlier(const std::vector<PathCode> &codes) const {
    std::vector<std::uint64_t> n(codes.size(), 0);
    forEachCode(m_bytes, [&](const PathCode &c) {
        for (std::size_t i = 0; i < codes.size(); ++i)
            n[i] += dfsEarlierCode(c, codes[i]) ? 1 : 0;
    });
    return n;
}

bool PathCodeLog::assign(std::vector<std::uint8_t> bytes) {
    PathCode last;
    if (!forEachCode(bytes, [&](const PathCode &c) { last = c; }))
        return false;
    m_bytes = std::move(bytes);
    m_last = std::move(last);
    return true;
}

} // namespace weft
