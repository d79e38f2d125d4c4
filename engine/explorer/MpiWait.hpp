// SPDX-License-Identifier: MIT
// Waiting for MPI without taking a core (engine/explorer/README.md, "Distributed, as built"): an idle rank
// polls for messages, and a rank that reaches a collective first polls its request, each with a sleep that
// grows, where Open MPI's blocking calls would spin at full speed while the other ranks still work.
#pragma once

#include <mpi.h>

#include <algorithm>
#include <chrono>
#include <thread>

namespace weft {

/// Sleeps a little longer each time nothing arrived: 20 µs, doubling, at most 1 ms.
class MpiBackoff {
public:
    void reset() { m_micros = 0; }
    void pause() {
        m_micros = std::clamp(m_micros * 2, 20, 1000);
        std::this_thread::sleep_for(std::chrono::microseconds(m_micros));
    }

private:
    int m_micros = 0;
};

/// Completes a non-blocking operation (MPI_Iallgather, MPI_Ibcast, ...), sleeping between tests.
inline void awaitRequest(MPI_Request &request) {
    MpiBackoff backoff;
    for (int done = 0;;) {
        MPI_Test(&request, &done, MPI_STATUS_IGNORE);
        if (done)
            return;
        backoff.pause();
    }
}

} // namespace weft
