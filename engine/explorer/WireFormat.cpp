// SPDX-License-Identifier: MIT
#include "engine/explorer/WireFormat.hpp"

#include <bit>
#include <cstring>

namespace weft::wire {

void Writer::u64(std::uint64_t v) {
    while (v >= 0x80) {
        m_bytes.push_back(static_cast<std::uint8_t>(v | 0x80));
        v >>= 7;
    }
    m_bytes.push_back(static_cast<std::uint8_t>(v));
}

void Writer::f64(double v) { u64(std::bit_cast<std::uint64_t>(v)); }

void Writer::text(const std::string &s) {
    u64(s.size());
    m_bytes.insert(m_bytes.end(), s.begin(), s.end());
}

void Writer::key(const EventKey &k) {
    for (const std::uint64_t half : {k.high, k.low})
        for (int b = 0; b < 8; ++b)
            m_bytes.push_back(static_cast<std::uint8_t>(half >> (8 * b)));
}

void Writer::action(const Action &a) {
    u64(static_cast<std::uint64_t>(a.kind));
    u64(std::uint64_t{a.thread} + 1); // kNoThread becomes 0
    u64(a.object);
    i64(a.value);
}

std::uint64_t Reader::u64() {
    std::uint64_t v = 0;
    for (int shift = 0; m_ok; shift += 7) {
        if (m_pos == m_bytes.size() || shift > 63) {
            m_ok = false;
            break;
        }
        const std::uint8_t b = m_bytes[m_pos++];
        v |= std::uint64_t{b & 0x7fu} << shift;
        if (!(b & 0x80))
            return v;
    }
    return 0;
}

double Reader::f64() { return std::bit_cast<double>(u64()); }

std::size_t Reader::count(std::size_t minBytes) {
    const std::uint64_t n = u64();
    if (!m_ok || n > (m_bytes.size() - m_pos) / std::max<std::size_t>(1, minBytes)) {
        m_ok = false;
        return 0;
    }
    return static_cast<std::size_t>(n);
}

void Writer::blob(std::span<const std::uint8_t> raw) {
    u64(raw.size());
    m_bytes.insert(m_bytes.end(), raw.begin(), raw.end());
}

std::vector<std::uint8_t> Reader::blob() {
    const std::size_t n = count();
    std::vector<std::uint8_t> out(m_bytes.begin() + static_cast<std::ptrdiff_t>(m_pos),
                                  m_bytes.begin() + static_cast<std::ptrdiff_t>(m_pos + n));
    m_pos += n;
    return out;
}

std::string Reader::text() {
    const std::size_t n = count();
    std::string s(reinterpret_cast<const char *>(m_bytes.data() + m_pos), n);
    m_pos += n;
    return s;
}

EventKey Reader::key() {
    if (m_bytes.size() - m_pos < 16) {
        m_ok = false;
        return {};
    }
    EventKey k;
    for (std::uint64_t *half : {&k.high, &k.low})
        for (int b = 0; b < 8; ++b)
            *half |= std::uint64_t{m_bytes[m_pos++]} << (8 * b);
    return k;
}

Action Reader::action() {
    Action a;
    const std::uint64_t kind = u64();
    if (kind > 255)
        m_ok = false;
    a.kind = static_cast<ActionKind>(kind);
    a.thread = static_cast<ThreadId>(u64() - 1);
    a.object = u64();
    a.value = i64();
    return a;
}

namespace {

void writeSchedule(Writer &w, const Schedule &s) {
    w.u64(s.replay.size());
    for (const ThreadId t : s.replay)
        w.u64(t);
    w.u64(s.choices.size());
    for (const auto &[step, value] : s.choices) {
        w.u64(step);
        w.i64(value);
    }
    w.u64(s.sleeping.size());
    for (const SleepEntry &e : s.sleeping) {
        w.u64(e.thread);
        w.u64(e.mutex);
        w.u64(static_cast<std::uint64_t>(e.kind));
    }
}

Schedule readSchedule(Reader &r) {
    Schedule s;
    s.replay.resize(r.count());
    for (ThreadId &t : s.replay)
        t = static_cast<ThreadId>(r.u64());
    s.choices.resize(r.count(2));
    for (auto &[step, value] : s.choices) {
        step = r.u64();
        value = r.i64();
    }
    s.sleeping.resize(r.count(3));
    for (SleepEntry &e : s.sleeping) {
        e.thread = static_cast<ThreadId>(r.u64());
        e.mutex = r.u64();
        e.kind = static_cast<ActionKind>(r.u64());
    }
    return s;
}

} // namespace

void write(Writer &w, const WorkItem &item) {
    writeSchedule(w, item.schedule);
    w.u64(item.prefixLength);
    w.u64(item.disabled.size());
    for (const WorkItem::Disabled &d : item.disabled) {
        w.u64(d.index);
        w.action(d.action);
    }
}

WorkItem readWorkItem(Reader &r) {
    WorkItem item;
    item.schedule = readSchedule(r);
    item.prefixLength = static_cast<std::uint32_t>(r.u64());
    item.disabled.resize(r.count(5));
    for (WorkItem::Disabled &d : item.disabled) {
        d.index = static_cast<std::uint32_t>(r.u64());
        d.action = r.action();
    }
    return item;
}

void write(Writer &w, const SharedEvent &e) {
    w.action(e.action);
    w.key(e.key);
    w.key(e.threadPred);
    w.key(e.otherPred);
    w.u64(e.extras.size());
    for (const EventKey &k : e.extras)
        w.key(k);
}

SharedEvent readSharedEvent(Reader &r) {
    SharedEvent e;
    e.action = r.action();
    e.key = r.key();
    e.threadPred = r.key();
    e.otherPred = r.key();
    e.extras.resize(r.count(16));
    for (EventKey &k : e.extras)
        k = r.key();
    return e;
}

void write(Writer &w, const ExplorationResult &result) {
    w.u64(static_cast<std::uint64_t>(result.stopReason));
    const Statistics &s = result.statistics;
    for (const std::uint64_t v :
         {s.maximalConfigurations, s.sleepSetBlocked, s.assumeBlocked, s.executions, s.events, s.defects,
          s.alternativeCalls, s.combsBuilt, s.lateClues, s.trailEventsTotal, s.peakRssBytes})
        w.u64(v);
    w.f64(s.cpuSeconds);
    w.f64(s.wallSeconds);
    w.u64(result.defects.size());
    for (const Defect &d : result.defects) {
        w.u64(static_cast<std::uint64_t>(d.kind));
        w.u64(std::uint64_t{d.thread} + 1);
        w.text(d.message);
        w.text(d.identity);
        w.text(d.location);
        writeSchedule(w, d.schedule);
        w.u64(d.trace.size());
        for (const Action &a : d.trace)
            w.action(a);
        w.u64(d.execution);
        w.u64(d.occurrences);
        w.u64(d.path.size());
        for (const std::uint32_t index : d.path)
            w.u64(index);
        w.u64(d.reportOrder);
    }
    w.u64(result.diagnostics.size());
    for (const Diagnostic &d : result.diagnostics) {
        w.text(d.file);
        w.u64(d.line);
        w.u64(d.column);
        w.u64(static_cast<std::uint64_t>(d.severity));
        w.text(d.text);
        w.u64(d.fixIts.size());
        for (const std::string &f : d.fixIts)
            w.text(f);
        w.u64(d.internal ? 1 : 0);
    }
}

ExplorationResult readResult(Reader &r) {
    ExplorationResult result;
    result.stopReason = static_cast<StopReason>(r.u64());
    Statistics &s = result.statistics;
    for (std::uint64_t *v :
         {&s.maximalConfigurations, &s.sleepSetBlocked, &s.assumeBlocked, &s.executions, &s.events, &s.defects,
          &s.alternativeCalls, &s.combsBuilt, &s.lateClues, &s.trailEventsTotal, &s.peakRssBytes})
        *v = r.u64();
    s.cpuSeconds = r.f64();
    s.wallSeconds = r.f64();
    result.defects.resize(r.count(8));
    for (Defect &d : result.defects) {
        d.kind = static_cast<DefectKind>(r.u64());
        d.thread = static_cast<ThreadId>(r.u64() - 1);
        d.message = r.text();
        d.identity = r.text();
        d.location = r.text();
        d.schedule = readSchedule(r);
        d.trace.resize(r.count(4));
        for (Action &a : d.trace)
            a = r.action();
        d.execution = r.u64();
        d.occurrences = r.u64();
        d.path.resize(r.count());
        for (std::uint32_t &index : d.path)
            index = static_cast<std::uint32_t>(r.u64());
        d.reportOrder = static_cast<std::uint32_t>(r.u64());
    }
    result.diagnostics.resize(r.count(7));
    for (Diagnostic &d : result.diagnostics) {
        d.file = r.text();
        d.line = static_cast<unsigned>(r.u64());
        d.column = static_cast<unsigned>(r.u64());
        d.severity = static_cast<Severity>(r.u64());
        d.text = r.text();
        d.fixIts.resize(r.count());
        for (std::string &f : d.fixIts)
            f = r.text();
        d.internal = r.u64() != 0;
    }
    return result;
}

} // namespace weft::wire
