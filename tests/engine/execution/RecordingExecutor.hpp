// SPDX-License-Identifier: MIT
// Test helper: an executor that records every run of an exploration as text (its actions, end, fault, race
// reports and blocked threads), so that two explorations that must be the same can be compared run by run.
#pragma once

#include "engine/execution/ScheduledExecutor.hpp"

#include <string>
#include <vector>

namespace weft::testing {

/// Every run of an exploration, as text, in order.
class RecordingExecutor final : public Executor {
public:
    explicit RecordingExecutor(ScheduledExecutor &inner) : m_inner(inner) {}
    Execution run(const Schedule &s) override {
        Execution e = m_inner.run(s);
        std::string text = std::to_string(int(e.end)) + ":";
        for (const Action &a : e.actions)
            text += " " + a.toString();
        if (e.fault)
            text += " | fault " + e.fault->message;
        for (const auto &[at, report] : e.reports)
            text += " | report@" + std::to_string(at) + " " + report.message;
        for (const BlockedThread &b : e.blocked)
            text += " | blocked " + b.pending.toString();
        runs.push_back(std::move(text));
        return e;
    }
    ThreadNaming &naming() override { return m_inner.naming(); }
    void setInterrupt(Interrupt *i) override { m_inner.setInterrupt(i); }
    std::vector<std::string> runs;

private:
    ScheduledExecutor &m_inner;
};

} // namespace weft::testing
