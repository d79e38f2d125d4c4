// SPDX-License-Identifier: MIT
// The values a wide nondet input (a __VERIFIER_nondet_* call wider than char, or an undefined
// function's integer result under weft svcomp) is explored over, and whether they cover its domain.
#pragma once

#include "engine/action/NondetChoice.hpp"
#include "engine/interpreter/InterpreterOptions.hpp"
#include "engine/program/Instruction.hpp"

namespace weft::interpreter {

/// The options' range; under SV-COMP semantics, a value only compared with small constants
/// (program::kNondetComparedWithSmallConstants in the call's aux) is explored over just the values
/// that stand for all the others, -1..largest+1.
inline NondetDomain wideNondetRange(const InterpreterOptions &options, std::uint8_t aux) {
    if (options.svcompSemantics && (aux & program::kNondetComparedWithSmallConstants)) {
        const program::ValueClasses classes = program::smallConstantClasses(aux);
        return {classes.lo, classes.hi};
    }
    return {options.nondetLo, options.nondetHi};
}

/// Whether exploring `range` explores every behaviour of the call (its aux says what it is compared with).
inline bool coversAllValues(std::uint8_t aux, NondetDomain range) {
    if (!(aux & program::kNondetComparedWithSmallConstants))
        return false;
    const program::ValueClasses classes = program::smallConstantClasses(aux);
    return range.lo <= classes.lo && range.hi >= classes.hi;
}

} // namespace weft::interpreter
