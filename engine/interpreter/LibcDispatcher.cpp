// SPDX-License-Identifier: MIT
// Fills the builtin table from the groups of handlers; every entry starts as the internal error.
#include "engine/interpreter/LibcDispatcher.hpp"

#include "engine/base/Message.hpp"

namespace weft::interpreter {

namespace {

Continuation unimplemented(BuiltinCall &call) {
    return call.fail(DefectKind::UndefinedBehaviour,
                     english(MessageKind::NoImplementation, {std::string(program::builtinSymbol(call.builtin))}));
}

} // namespace

const LibcDispatcher &LibcDispatcher::instance() {
    static const LibcDispatcher table;
    return table;
}

LibcDispatcher::LibcDispatcher() {
    m_handlers.fill(&unimplemented);
    addStdlibCalls(*this);
    addStringCalls(*this);
    addOutputCalls(*this);
    addScanCalls(*this);
    addMathCalls(*this);
    addClockCalls(*this);
    addVerifierCalls(*this);
    addVariadicCalls(*this);
    addJumpCalls(*this);
    addThreadCalls(*this);
    addMutexCalls(*this);
    addSyncCalls(*this);
    addRwlockCalls(*this);
    addThreadLocalCalls(*this);
}

bool LibcDispatcher::implements(program::Builtin b) const { return handler(b) != &unimplemented; }

} // namespace weft::interpreter
