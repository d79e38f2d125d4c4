// SPDX-License-Identifier: MIT
#include "engine/frontend/IrReader.hpp"

#include "engine/frontend/DiagnosticCollector.hpp"

#include <llvm/IR/Module.h>
#include <llvm/IRReader/IRReader.h>
#include <llvm/Support/SourceMgr.h>

namespace weft::frontend {

std::unique_ptr<llvm::Module> readIrFile(const std::string &file, llvm::LLVMContext &context,
                                         DiagnosticCollector &diagnostics) {
    llvm::SMDiagnostic error;
    std::unique_ptr<llvm::Module> module = llvm::parseIRFile(file, error, context);
    if (!module) {
        // SMDiagnostic lines are 1-based, columns 0-based, both -1 when unknown (e.g. bitcode).
        const unsigned line = error.getLineNo() > 0 ? unsigned(error.getLineNo()) : 0;
        const unsigned column = line && error.getColumnNo() >= 0 ? unsigned(error.getColumnNo()) + 1 : 0;
        diagnostics.add({file, line, column, Severity::Error, error.getMessage().str()});
    }
    return module;
}

} // namespace weft::frontend
