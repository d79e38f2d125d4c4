// SPDX-License-Identifier: MIT
// The values a wide nondet input (a __VERIFIER_nondet_* call wider than char, or an undefined
// function's integer result under weft svcomp) is explored over, and whether they cover its domain.
#pragma once

#include "engine/action/NondetChoice.hpp"
#include "engine/interpreter/InterpreterOptions.hpp"
#include "engine/interpreter/InterpreterState.hpp"
#include "engine/program/Program.hpp"

namespace weft::interpreter {

/// The values a call is explored over, and whether they stand for every value of its type.
struct WideNondetValues {
    NondetDomain range;
    bool covered = false;
};

/// The options' range; under SV-COMP semantics, the values the checks after the call let through
/// (program::AssumedRange, when it applies in `state`), else for a value only compared with small
/// constants (program::kNondetComparedWithSmallConstants in the call's aux) just the values that
/// stand for all the others, -1..largest+1.
inline WideNondetValues wideNondetValues(const InterpreterOptions &options, const program::Program &program,
                                         const program::Instruction &call, const InterpreterState &state) {
    if (options.svcompSemantics && call.a != program::kNoOperand) {
        const program::AssumedRange &assumed = program.assumedRanges[call.a];
        // Read back from memory: only while no thread but main was ever created (a fact of main's
        // own past, so the same in every execution that reaches the call with it).
        if (!assumed.needsOnlyThread || state.threads.size() == 1)
            return {{assumed.lo, assumed.hi}, true};
    }
    NondetDomain range{options.nondetLo, options.nondetHi};
    if (options.svcompSemantics && (call.aux & program::kNondetComparedWithSmallConstants)) {
        const program::ValueClasses classes = program::smallConstantClasses(call.aux);
        range = {classes.lo, classes.hi};
    }
    bool covered = false;
    if (call.aux & program::kNondetComparedWithSmallConstants) {
        const program::ValueClasses classes = program::smallConstantClasses(call.aux);
        covered = range.lo <= classes.lo && range.hi >= classes.hi;
    }
    return {range, covered};
}

} // namespace weft::interpreter
