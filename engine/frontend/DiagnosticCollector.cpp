// SPDX-License-Identifier: MIT
#include "engine/frontend/DiagnosticCollector.hpp"

#include <clang/Basic/Diagnostic.h>
#include <clang/Basic/DiagnosticIDs.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Lex/Lexer.h>
#include <llvm/ADT/SmallString.h>
#include <llvm/Support/raw_ostream.h>

#include <utility>

namespace weft::frontend {

namespace {

Severity toSeverity(clang::DiagnosticsEngine::Level level) {
    switch (level) {
    case clang::DiagnosticsEngine::Error:
    case clang::DiagnosticsEngine::Fatal: return Severity::Error;
    case clang::DiagnosticsEngine::Warning: return Severity::Warning;
    default: return Severity::Note; // Note, Remark (Ignored never reaches a consumer)
    }
}

/// " [-Wflag]" or " [-Werror,-Wflag]" as the clang command line appends it.
std::string flagSuffix(clang::DiagnosticsEngine::Level level, unsigned id) {
    const llvm::StringRef option = clang::DiagnosticIDs::getWarningOptionForDiag(id);
    const bool promoted = level >= clang::DiagnosticsEngine::Error &&
                          clang::DiagnosticIDs::isBuiltinWarningOrExtension(id) &&
                          !clang::DiagnosticIDs::isDefaultMappingAsError(id);
    if (option.empty())
        return promoted ? " [-Werror]" : "";
    if (level < clang::DiagnosticsEngine::Warning)
        return "";
    return (promoted ? " [-Werror,-W" : " [-W") + option.str() + "]";
}

/// Clang's -fdiagnostics-parseable-fixits form; empty when the hint cannot be placed in a file.
std::string formatFixIt(const clang::FixItHint &hint, const clang::SourceManager &sm,
                        const clang::LangOptions *langOpts) {
    const clang::SourceLocation begin = hint.RemoveRange.getBegin();
    const clang::SourceLocation end = hint.RemoveRange.getEnd();
    if (hint.RemoveRange.isInvalid() || begin.isMacroID() || end.isMacroID())
        return {};
    const auto [beginFile, beginOffset] = sm.getDecomposedLoc(begin);
    auto [endFile, endOffset] = sm.getDecomposedLoc(end);
    if (hint.RemoveRange.isTokenRange() && langOpts)
        endOffset += clang::Lexer::MeasureTokenLength(end, sm, *langOpts);
    std::string out;
    llvm::raw_string_ostream os(out);
    os << "fix-it:\"";
    os.write_escaped(sm.getPresumedLoc(begin).getFilename());
    os << "\":{" << sm.getLineNumber(beginFile, beginOffset) << ':' << sm.getColumnNumber(beginFile, beginOffset)
       << '-' << sm.getLineNumber(endFile, endOffset) << ':' << sm.getColumnNumber(endFile, endOffset) << "}:\"";
    os.write_escaped(hint.CodeToInsert);
    os << '"';
    return out;
}

} // namespace

class DiagnosticCollector::Consumer : public clang::DiagnosticConsumer {
public:
    std::vector<Diagnostic> m_diagnostics;
    bool m_hasErrors = false;

    void BeginSourceFile(const clang::LangOptions &langOpts, const clang::Preprocessor *) override {
        m_langOpts = &langOpts;
    }
    void EndSourceFile() override { m_langOpts = nullptr; }

    void HandleDiagnostic(clang::DiagnosticsEngine::Level level, const clang::Diagnostic &info) override {
        DiagnosticConsumer::HandleDiagnostic(level, info);
        llvm::SmallString<256> message;
        info.FormatDiagnostic(message);
        Diagnostic d;
        d.severity = toSeverity(level);
        d.text = message.str().str() + flagSuffix(level, info.getID());
        if (info.getLocation().isValid() && info.hasSourceManager()) {
            const clang::SourceManager &sm = info.getSourceManager();
            const clang::PresumedLoc where = sm.getPresumedLoc(info.getLocation());
            if (where.isValid()) {
                d.file = where.getFilename();
                d.line = where.getLine();
                d.column = where.getColumn();
            }
            for (const clang::FixItHint &hint : info.getFixItHints())
                if (std::string fixIt = formatFixIt(hint, sm, m_langOpts); !fixIt.empty())
                    d.fixIts.push_back(std::move(fixIt));
        }
        m_hasErrors |= d.severity == Severity::Error;
        m_diagnostics.push_back(std::move(d));
    }

private:
    const clang::LangOptions *m_langOpts = nullptr;
};

DiagnosticCollector::DiagnosticCollector() : m_consumer(std::make_unique<Consumer>()) {}
DiagnosticCollector::~DiagnosticCollector() = default;

clang::DiagnosticConsumer &DiagnosticCollector::consumer() { return *m_consumer; }

void DiagnosticCollector::add(Diagnostic diagnostic) {
    m_consumer->m_hasErrors |= diagnostic.severity == Severity::Error;
    m_consumer->m_diagnostics.push_back(std::move(diagnostic));
}

bool DiagnosticCollector::hasErrors() const { return m_consumer->m_hasErrors; }

const std::vector<Diagnostic> &DiagnosticCollector::diagnostics() const { return m_consumer->m_diagnostics; }

std::vector<Diagnostic> DiagnosticCollector::take() {
    m_consumer->m_hasErrors = false;
    return std::exchange(m_consumer->m_diagnostics, {});
}

} // namespace weft::frontend
