// SPDX-License-Identifier: MIT
// The GUI's exploration controller: a Qt face on the debugging core. It owns the loaded program and runs
// a debugger::LiveExploration (worker thread, pause, cancel), whose immutable snapshots (at most ~20 a
// second) reach the GUI thread with at most one delivery queued at a time, so a slow GUI sees fewer,
// fresher snapshots. Views read snapshots only; a finished or cancelled run's last snapshot stays
// available. Use from the GUI thread only.
#pragma once

#include "engine/debugger/LiveExploration.hpp"
#include "engine/debugger/ProgramLoader.hpp"
#include "engine/explorer/ExplorationOptions.hpp"
#include "engine/interpreter/InterpreterOptions.hpp"
#include "engine/results/ExplorationSnapshot.hpp"

#include <QMetaType>
#include <QObject>
#include <QString>

#include <memory>
#include <mutex>

namespace weft::session {

using SnapshotPtr = debugger::SnapshotPtr;

class ExplorationSession final : public QObject {
    Q_OBJECT
public:
    enum class State { NoProgram, Ready, Running, Paused, Finished };
    Q_ENUM(State)

    explicit ExplorationSession(QObject *parent = nullptr);
    ~ExplorationSession() override;

    /// Compiles and lowers `file` on a worker thread (cancelling and waiting for a running exploration
    /// first); the GUI thread's event loop keeps running (without user input) until it is done. On
    /// failure diagnostics() says why, and the previous program, file name and snapshot stay. `standard`:
    /// the C dialect (--std).
    bool load(const QString &file, const std::vector<std::string> &defines = {},
              const std::vector<std::string> &includeDirs = {}, const std::string &standard = "gnu17");
    /// The last load's errors (it failed: see frontend::isCompilerFailure) or warnings.
    const std::vector<Diagnostic> &diagnostics() const { return m_diagnostics; }
    const QString &fileName() const { return m_fileName; }
    bool hasProgram() const { return m_program != nullptr; }
    /// The loaded program (null if none); replays share it.
    std::shared_ptr<const debugger::LoadedProgram> program() const { return m_program; }

    void setOptions(const ExplorationOptions &options) { m_options = options; }
    /// How the program runs: event model (sync / sc), races, nondet values, bounds.
    void setInterpreterOptions(const interpreter::InterpreterOptions &options) { m_interpreterOptions = options; }
    const interpreter::InterpreterOptions &interpreterOptions() const { return m_interpreterOptions; }
    const ExplorationOptions &options() const { return m_options; }

    State state() const { return m_state; }
    bool isExploring() const { return m_state == State::Running || m_state == State::Paused; }
    /// Paused, and the worker holds still between two executions (nothing more is explored or published).
    bool isHeld() const { return m_exploration && m_exploration->isHeld(); }
    /// The latest snapshot delivered (null before the first exploration of the program).
    SnapshotPtr snapshot() const { return m_snapshot; }

public Q_SLOTS:
    /// Starts exploring the loaded program; false if there is none or one is already running.
    bool start();
    void pause();
    void resume();
    /// Stops the exploration soon (between two executions); its results stay browsable.
    void cancel();

Q_SIGNALS:
    void programLoaded();
    void loadFailed();
    void stateChanged(weft::session::ExplorationSession::State state);
    /// A new snapshot (on the GUI thread).
    void snapshotPublished(weft::session::SnapshotPtr snapshot);
    /// The exploration ended (completed, cancelled or bounded); snapshot() is its final state.
    void finished();

private:
    void setState(State state);
    void stopWorker();
    void post(SnapshotPtr snapshot);
    void deliver();

    QString m_fileName;
    std::shared_ptr<const debugger::LoadedProgram> m_program;
    std::vector<Diagnostic> m_diagnostics;
    ExplorationOptions m_options;
    interpreter::InterpreterOptions m_interpreterOptions;
    State m_state = State::NoProgram;
    SnapshotPtr m_snapshot;
    std::uint64_t m_run = 0;

    std::mutex m_pendingMutex;
    SnapshotPtr m_pending;     ///< written by the worker, taken by deliver()
    bool m_deliveryQueued = false;
    std::unique_ptr<debugger::LiveExploration> m_exploration; ///< last member: joined first on destruction
};

} // namespace weft::session

Q_DECLARE_METATYPE(weft::session::SnapshotPtr)
