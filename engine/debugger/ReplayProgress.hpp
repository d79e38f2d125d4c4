// SPDX-License-Identifier: MIT
// How a client follows and stops a long replay job it runs on a worker thread (tracing an execution of
// millions of events, a jump across it): a stop token polled every few hundred events, and a callback
// told how many events are done every `interval` of them (called on the job's thread).
#pragma once

#include <cstddef>
#include <functional>
#include <stop_token>

namespace weft::debugger {

struct ReplayProgress {
    std::stop_token stop;
    std::function<void(std::size_t done)> report; ///< empty: no reports
    std::size_t interval = 16384;

    bool stopRequested() const { return stop.stop_requested(); }
    /// Reports `done` when it is a multiple of the interval.
    void tick(std::size_t done) const {
        if (report && interval && done % interval == 0)
            report(done);
    }
};

} // namespace weft::debugger
