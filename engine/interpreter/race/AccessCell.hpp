// SPDX-License-Identifier: MIT
// The data-race detector's shadow of one byte of program memory (FastTrack-style): the last write
// and the reads since, each with the source site that made it. Kept in the object's RaceShadow.
#pragma once

#include "engine/interpreter/race/VectorClock.hpp"

namespace weft::interpreter {

struct AccessCell {
    Epoch write;
    Epoch read;                   ///< the last read, unless sharedReads is set
    std::uint64_t writeSite = 0;  ///< (function << 32) | pc of the write
    std::uint64_t readSite = 0;
    std::uint32_t sharedReads = 0; ///< 1 + index of the concurrent reads in the RaceDetector, 0 = none
    bool writeAtomic = false;
    bool readAtomic = false;
};

} // namespace weft::interpreter
