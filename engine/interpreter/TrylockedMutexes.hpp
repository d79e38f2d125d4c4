// SPDX-License-Identifier: MIT
// Which mutexes the program may try-lock (pthread_mutex_trylock, and through it timedlock and spin
// trylock): a failed trylock observes a mutex being held, so the spin rule may not delete an iteration
// that holds one (engine/unfolding/README.md, "Spin loops and awaits"). Found once; immutable.
#pragma once

#include "engine/program/Program.hpp"

#include <cstdint>
#include <vector>

namespace weft::interpreter {

class TrylockedMutexes {
public:
    explicit TrylockedMutexes(const program::Program &program);

    /// Whether some trylock of the program may be of the mutex at `mutex`: a call with that constant
    /// address, or one whose address is computed (a parameter, an array element: any mutex).
    bool mayBeTried(std::uint64_t mutex) const;

private:
    std::vector<std::uint64_t> m_constants; ///< the constant addresses trylock calls name, sorted
    bool m_any = false;                     ///< some trylock names a computed address
};

} // namespace weft::interpreter
