// SPDX-License-Identifier: MIT
#include "app/session/ExplorationSession.hpp"

#include <QEventLoop>

#include <exception>
#include <optional>
#include <thread>

namespace weft::session {

namespace {

Expected<debugger::LoadedProgram> internalLoadError(const std::string &file, const std::string &what) {
    Diagnostic d{file, 0, 0, Severity::Error, "internal error while loading: " + what};
    d.internal = true;
    return Unexpected(std::vector<Diagnostic>{std::move(d)});
}

} // namespace

ExplorationSession::ExplorationSession(QObject *parent) : QObject(parent) {
    qRegisterMetaType<SnapshotPtr>();
}

ExplorationSession::~ExplorationSession() { stopWorker(); }

void ExplorationSession::stopWorker() { m_exploration.reset(); }

void ExplorationSession::setState(State state) {
    if (m_state == state)
        return;
    m_state = state;
    Q_EMIT stateChanged(state);
}

bool ExplorationSession::load(const QString &file, const std::vector<std::string> &defines,
                              const std::vector<std::string> &includeDirs, const std::string &standard) {
    // A running exploration ends (cancelled, keeping what it found); its last snapshot is still delivered
    // while compiling, as this run's, so it stays browsable if the new file does not compile.
    stopWorker();
    // Compile on a worker thread; the GUI thread keeps painting and running timers meanwhile (user
    // input waits, so nothing can re-enter the session before the program is there).
    std::optional<Expected<debugger::LoadedProgram>> result;
    {
        QEventLoop loop;
        std::jthread compiler([&, path = file.toStdString()] {
            // Weft's own failure (an exception out of the front end) is a load error, never a crash.
            try {
                result.emplace(debugger::loadProgram(path, defines, includeDirs, standard));
            } catch (const std::exception &e) {
                result.emplace(internalLoadError(path, e.what()));
            } catch (...) {
                result.emplace(internalLoadError(path, "unknown exception"));
            }
            QMetaObject::invokeMethod(&loop, &QEventLoop::quit, Qt::QueuedConnection);
        });
        loop.exec(QEventLoop::ExcludeUserInputEvents);
    }
    Expected<debugger::LoadedProgram> &loaded = *result;
    if (!loaded) {
        // The program loaded before, and what was explored of it, stay: a failed compile replaces nothing.
        m_diagnostics = loaded.error();
        Q_EMIT loadFailed();
        return false;
    }
    ++m_run; // drop deliveries of the previous run still in the event queue
    m_fileName = file;
    m_snapshot.reset();
    m_diagnostics = loaded->warnings;
    m_program = std::make_shared<const debugger::LoadedProgram>(std::move(*loaded));
    setState(State::Ready);
    Q_EMIT programLoaded();
    return true;
}

bool ExplorationSession::start() {
    if (!m_program || isExploring())
        return false;
    stopWorker(); // the previous run has finished; reap its thread
    const std::uint64_t run = ++m_run;
    {
        std::lock_guard lock(m_pendingMutex);
        m_pending.reset();
    }
    setState(State::Running);
    debugger::LiveExploration::Settings settings{m_options, m_interpreterOptions, run};
    m_exploration = std::make_unique<debugger::LiveExploration>(m_program, settings,
                                                                [this](SnapshotPtr s) { post(std::move(s)); });
    return true;
}

void ExplorationSession::pause() {
    if (m_state != State::Running)
        return;
    m_exploration->pause();
    setState(State::Paused);
}

void ExplorationSession::resume() {
    if (m_state != State::Paused)
        return;
    m_exploration->resume();
    setState(State::Running);
}

void ExplorationSession::cancel() {
    if (!isExploring())
        return;
    m_exploration->cancel(); // also ends a pause
}

void ExplorationSession::post(SnapshotPtr snapshot) {
    // Worker thread. Keep only the newest snapshot and queue one delivery for it.
    bool queue = false;
    {
        std::lock_guard lock(m_pendingMutex);
        m_pending = std::move(snapshot);
        queue = !m_deliveryQueued;
        m_deliveryQueued = true;
    }
    if (queue)
        QMetaObject::invokeMethod(this, &ExplorationSession::deliver, Qt::QueuedConnection);
}

void ExplorationSession::deliver() {
    SnapshotPtr snapshot;
    {
        std::lock_guard lock(m_pendingMutex);
        snapshot = std::move(m_pending);
        m_deliveryQueued = false;
    }
    if (!snapshot || snapshot->run != m_run)
        return;
    m_snapshot = snapshot;
    Q_EMIT snapshotPublished(snapshot);
    if (snapshot->isFinished()) {
        // The worker is returning (freeing the unfolding); it is joined by the next start or load.
        setState(State::Finished);
        Q_EMIT finished();
    }
}

} // namespace weft::session
