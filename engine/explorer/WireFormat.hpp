// SPDX-License-Identifier: MIT
// The bytes a distributed exploration's ranks send each other (README.md, "Distributed, as built"): work items,
// shared events, and the results rank 0 gathers (statistics, defects, diagnostics, event keys). Varints, little
// endian, no MPI here: the encoding is tested without it. A reader that meets bad bytes fails, never crashes.
#pragma once

#include "engine/explorer/WorkQueue.hpp"

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace weft::wire {

class Writer {
public:
    void u64(std::uint64_t v);
    void i64(std::int64_t v) { u64((static_cast<std::uint64_t>(v) << 1) ^ static_cast<std::uint64_t>(v >> 63)); }
    void f64(double v);
    void text(const std::string &s);
    void key(const EventKey &k);
    void action(const Action &a);
    /// A length, then `raw` as is.
    void blob(std::span<const std::uint8_t> raw);

    std::vector<std::uint8_t> &bytes() { return m_bytes; }

private:
    std::vector<std::uint8_t> m_bytes;
};

class Reader {
public:
    explicit Reader(std::span<const std::uint8_t> bytes) : m_bytes(bytes) {}
    std::uint64_t u64();
    std::int64_t i64() {
        const std::uint64_t v = u64();
        return static_cast<std::int64_t>(v >> 1) ^ -static_cast<std::int64_t>(v & 1);
    }
    double f64();
    std::string text();
    EventKey key();
    Action action();
    std::vector<std::uint8_t> blob();
    /// A count of elements each at least `minBytes` long: 0 (and failed) if the rest cannot hold them.
    std::size_t count(std::size_t minBytes = 1);

    /// False once a read ran past the end or met a malformed value (reads then return zeros).
    bool ok() const { return m_ok; }
    bool atEnd() const { return m_pos == m_bytes.size(); }

private:
    std::span<const std::uint8_t> m_bytes;
    std::size_t m_pos = 0;
    bool m_ok = true;
};

void write(Writer &w, const WorkItem &item);
WorkItem readWorkItem(Reader &r);
void write(Writer &w, const SharedEvent &e);
SharedEvent readSharedEvent(Reader &r);
/// A rank's result: statistics, defects, diagnostics and stop reason (not its event keys: they travel apart).
void write(Writer &w, const ExplorationResult &result);
ExplorationResult readResult(Reader &r);

} // namespace weft::wire
