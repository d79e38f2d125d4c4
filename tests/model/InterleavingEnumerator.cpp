// SPDX-License-Identifier: MIT
#include "tests/model/InterleavingEnumerator.hpp"

#include "engine/action/Dependence.hpp"
#include "engine/action/NondetChoice.hpp"

#include <algorithm>
#include <cassert>

namespace weft::model {

namespace {

bool hasBit(const std::vector<std::uint64_t> &set, std::size_t i) {
    return i / 64 < set.size() && (set[i / 64] >> (i % 64)) & 1U;
}

void appendCode(std::string &out, const Action &a) {
    const std::uint64_t code = (std::uint64_t(a.kind) << 56) |
                               (std::uint64_t(a.thread & 0xffffff) << 32) |
                               (a.object & 0xffffffffULL);
    for (int i = 0; i < 8; ++i)
        out.push_back(static_cast<char>((code >> (8 * i)) & 0xff));
    if (a.kind == ActionKind::NondetChoice) // the value chosen is part of what happened
        for (int i = 0; i < 8; ++i)
            out.push_back(static_cast<char>((std::uint64_t(a.value) >> (8 * i)) & 0xff));
}

} // namespace

bool InterleavingEnumerator::dependent(const Action &a, const Action &b) { return weft::dependent(a, b); }

EnumerationResult InterleavingEnumerator::run() {
    m_result = {};
    m_traces.clear();
    m_events.clear();
    m_visited.clear();
    m_steps.clear();
    m_machine.restart(m_naming);
    m_machineAtPrefix = true;
    search();
    m_result.traces = m_traces.size();
    m_result.events = m_events.size();
    return m_result;
}

void InterleavingEnumerator::push(const Action &a) {
    Step s;
    s.action = a;
    const std::size_t n = m_steps.size();
    s.past.assign(n / 64 + 1, 0);
    s.past[n / 64] |= std::uint64_t{1} << (n % 64);
    for (std::size_t j = 0; j < n; ++j) {
        if (!dependent(m_steps[j].action, a))
            continue;
        s.direct.push_back(static_cast<std::uint32_t>(j));
        const std::vector<std::uint64_t> &pj = m_steps[j].past;
        for (std::size_t w = 0; w < pj.size(); ++w)
            s.past[w] |= pj[w];
    }
    m_steps.push_back(std::move(s));
}

std::string InterleavingEnumerator::canonicalForm(const std::vector<std::uint64_t> &set) const {
    // Greedy: always emit the lowest thread whose next action has all its predecessors emitted.
    // Each thread's actions are a chain, so this yields the lexicographically least linearisation.
    std::vector<std::vector<std::uint32_t>> perThread;
    std::size_t remaining = 0;
    for (std::size_t i = 0; i < m_steps.size(); ++i) {
        if (!hasBit(set, i))
            continue;
        const ThreadId t = m_steps[i].action.thread;
        if (perThread.size() <= t)
            perThread.resize(t + 1);
        perThread[t].push_back(static_cast<std::uint32_t>(i));
        ++remaining;
    }
    std::vector<std::size_t> cursor(perThread.size(), 0);
    std::vector<char> emitted(m_steps.size(), 0);
    std::string out;
    out.reserve(remaining * 8);
    while (remaining > 0) {
        bool progress = false;
        for (std::size_t t = 0; t < perThread.size() && !progress; ++t) {
            if (cursor[t] == perThread[t].size())
                continue;
            const std::uint32_t head = perThread[t][cursor[t]];
            const std::vector<std::uint32_t> &direct = m_steps[head].direct;
            if (!std::all_of(direct.begin(), direct.end(),
                             [&](std::uint32_t j) { return emitted[j] != 0; }))
                continue;
            emitted[head] = 1;
            appendCode(out, m_steps[head].action);
            ++cursor[t];
            --remaining;
            progress = true;
        }
        assert(progress && "the set must be causally closed");
        if (!progress)
            break;
    }
    return out;
}

std::string InterleavingEnumerator::canonicalPrefix() const {
    std::vector<std::uint64_t> all(m_steps.size() / 64 + 1, ~std::uint64_t{0});
    return canonicalForm(all);
}

void InterleavingEnumerator::replayPrefix(std::size_t length) {
    m_machine.restart(m_naming);
    for (std::size_t i = 0; i < length; ++i) {
        const Step &s = m_steps[i];
        if (s.action.kind == ActionKind::NondetChoice)
            m_machine.choose(s.action.thread, s.action.value);
        const auto p = m_machine.pending(s.action.thread);
        if (!p || !p->enabled || !(p->action == s.action)) {
            ++m_result.divergences;
            m_result.complete = false;
            return;
        }
        m_machine.execute(s.action.thread);
    }
    m_machineAtPrefix = true;
}

bool InterleavingEnumerator::isAllExited() {
    for (std::size_t i = 0; i < m_machine.threadCount(); ++i)
        if (m_machine.pending(m_machine.threadAt(i)))
            return false;
    return true;
}

bool InterleavingEnumerator::isAnyAssumeBlocked() {
    for (std::size_t i = 0; i < m_machine.threadCount(); ++i)
        if (const auto p = m_machine.pending(m_machine.threadAt(i)); p && p->action.kind == ActionKind::AssumeBlocked)
            return true;
    return false;
}

bool InterleavingEnumerator::isAnySpinning(bool &cut) {
    bool any = false;
    for (std::size_t i = 0; i < m_machine.threadCount(); ++i) {
        const ThreadId t = m_machine.threadAt(i);
        if (const auto p = m_machine.pending(t); p && p->action.kind == ActionKind::AwaitBlocked) {
            any = true;
            cut |= !m_machine.spinsForever(t);
        }
    }
    return any;
}

void InterleavingEnumerator::search() {
    if (!m_result.complete)
        return;
    ++m_result.prefixes;
    if (!m_machineAtPrefix)
        replayPrefix(m_steps.size());
    if (!m_result.complete)
        return;

    std::vector<Action> next;
    for (std::size_t i = 0; i < m_machine.threadCount(); ++i)
        if (const auto p = m_machine.pending(m_machine.threadAt(i)); p && p->enabled) {
            if (p->action.kind != ActionKind::NondetChoice) {
                next.push_back(p->action);
                continue;
            }
            // A data branch: every value of the choice's domain.
            const NondetDomain domain = nondetDomain(p->action.object);
            for (std::int64_t v = domain.lo; v <= domain.hi; ++v) {
                Action a = p->action;
                a.value = v;
                next.push_back(a);
            }
        }

    // A program's end (ProgramEnd: exit, a failed check, inside an atomic section too) waits until no other
    // action can run, as ScheduledExecutor runs it (each pending end may end the program).
    const auto isEnd = [](const Action &a) { return a.kind == ActionKind::ProgramEnd; };
    if (!std::all_of(next.begin(), next.end(), isEnd))
        std::erase_if(next, isEnd);

    if (next.empty()) {
        if (m_maxRuns && m_result.runs >= m_maxRuns) {
            m_result.complete = false;
            return;
        }
        ++m_result.runs;
        if (m_traces.insert(canonicalPrefix()).second) {
            bool cut = false;
            const bool spinning = isAnySpinning(cut);
            if (cut || isAnyAssumeBlocked() || (spinning && !m_machine.reportsLivelocks()))
                ++m_result.assumeBlocked;
            else if (spinning)
                ++m_result.livelocks;
            else if (!isAllExited())
                ++m_result.deadlocks;
        }
        return;
    }

    for (const Action &a : next) {
        push(a);
        if (m_mode == Mode::MergeEquivalentPrefixes &&
            !m_visited.insert(canonicalPrefix()).second) {
            pop();
            continue;
        }
        m_events.insert(canonicalForm(m_steps.back().past));
        if (!m_machineAtPrefix)
            replayPrefix(m_steps.size() - 1);
        if (!m_result.complete)
            return;
        if (a.kind == ActionKind::NondetChoice)
            m_machine.choose(a.thread, a.value);
        m_machine.execute(a.thread);
        if (isEnd(a)) {
            // The run is over, maximal: the program ended (with a defect, or by exit).
            if (m_maxRuns && m_result.runs >= m_maxRuns) {
                m_result.complete = false;
                return;
            }
            ++m_result.runs;
            if (m_traces.insert(canonicalPrefix()).second && m_machine.fault())
                ++m_result.faults;
            pop();
            m_machineAtPrefix = false;
            continue;
        }
        if (m_machine.fault()) {
            // Not expected from the oracle's programs: counted, and the run ends here.
            ++m_result.faults;
            m_machineAtPrefix = false;
            pop();
            continue;
        }
        search();
        pop();
        m_machineAtPrefix = false;
    }
}

} // namespace weft::model
