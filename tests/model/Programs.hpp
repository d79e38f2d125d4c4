// SPDX-License-Identifier: MIT
// The catalogue of model programs: the oracle programs of docs/algorithms.md, "Oracles" written as
// coroutines. Each factory returns a fresh program; parameters as in the papers and DPU's sources.
#pragma once

#include "tests/model/ModelProgram.hpp"

#include <memory>

namespace weft::model {

/// Fig. 2 of the QPOR paper (docs/algorithms.md, "Oracles"): 3 maximal configurations, 25 events.
std::unique_ptr<ModelProgram> makeFig2();
/// blocked2 (docs/algorithms.md, "Oracles"): two threads lock one mutex and exit holding it: 2
/// configurations, 10 events.
std::unique_ptr<ModelProgram> makeBlocked2();
/// blocked3 (docs/algorithms.md, "Oracles"): three threads `lock m1; unlock m1; lock m2`, exit holding m2: 18, 68.
std::unique_ptr<ModelProgram> makeBlocked3();

/// ssbexp(K), the lock-based form of Fig. 1 (docs/algorithms.md, "Oracles"): 2K configurations.
std::unique_ptr<ModelProgram> makeSsbexp(int writers);
/// MPAT(K) (docs/algorithms.md, "Oracles"): 2^K · K! configurations.
std::unique_ptr<ModelProgram> makeMpat(int pairs);
/// factorial-conflicts(N) (docs/algorithms.md, "Oracles"): N threads, one mutex, main joins and asserts: N! configurations.
std::unique_ptr<ModelProgram> makeFactorialConflicts(int threads);
/// ccnf(N) (docs/algorithms.md, "Oracles"): 2N threads, thread i locks m[i/2]; main joins all iff `join`: 2^N configs.
std::unique_ptr<ModelProgram> makeCcnf(int pairs, bool join);
/// two-columns(N) (docs/algorithms.md, "Oracles"): main and one child each lock one mutex N times: C(2N, N) configurations.
std::unique_ptr<ModelProgram> makeTwoColumns(int rounds);
/// conflict-create(N) (docs/algorithms.md, "Oracles"): N threads create a child while holding one mutex: N! configurations.
std::unique_ptr<ModelProgram> makeConflictCreate(int threads);
/// thread-creates(N) (docs/algorithms.md, "Oracles"): a chain of N creations and joins: 1 configuration, 4N+2 events.
std::unique_ptr<ModelProgram> makeThreadCreates(int threads);
/// DISP(S, R) (docs/algorithms.md, "Oracles"), Table 1's version (main ends with pthread_exit).
std::unique_ptr<ModelProgram> makeDispatcher(int servers, int requests);
/// MPC(P, W) (docs/algorithms.md, "Oracles"), TASKS = ITERS = 2.
std::unique_ptr<ModelProgram> makeMultiProdCon(int producers, int workers);
/// PI(N) (docs/algorithms.md, "Oracles"): N threads sum `terms` terms of the arctan series: N! configurations.
std::unique_ptr<ModelProgram> makePi(int threads, int terms = 5000);
/// POL(N, K) (docs/algorithms.md, "Oracles"), Table 1's version (final asserts, workers joined).
std::unique_ptr<ModelProgram> makePoke(int workers, int rounds);
/// POL(N, K), DPU's regression version (docs/algorithms.md, "Oracles"): no asserts, pthread_exit; makePoke's unfolding.
std::unique_ptr<ModelProgram> makePokeRegression(int workers, int rounds);

// --- The sc memory model (racy shared-memory reads and writes; issue 5)
/// Lost update: two threads x = x + 1, main joins and asserts x == 2: 4 configurations, 2 failing.
std::unique_ptr<ModelProgram> makeLostUpdate();
/// One writer and N readers of one variable: 2^N configurations.
std::unique_ptr<ModelProgram> makeWriterReaders(int readers);
/// N threads writing N distinct variables: 1 configuration.
std::unique_ptr<ModelProgram> makeDistinctWriters(int writers);
/// Fig. 1 (a) of the QPOR paper in its original form (writers, a counter, master i = c; x[i] = 0):
/// 2n configurations; k = 2 explores it without SSB.
std::unique_ptr<ModelProgram> makeFig1(int writers);
/// Main initialises n variables; T1 writes them upwards while T2 reads them downwards: n + 1.
std::unique_ptr<ModelProgram> makeArraySweep(int cells);
/// Last zero(n): a reader scans cells n..0 for the first 0 while writer j sets cell j to cell j - 1 plus
/// one (Abdulla et al.; Nidhugg's lastzero): 5, 28, 144, 704 configurations for n = 2, 4, 6, 8.
std::unique_ptr<ModelProgram> makeLastZero(int writers);
/// Peterson's and Dekker's algorithms for two threads (busy waits bounded by `spins`): mutual
/// exclusion holds. The broken variant tests the other's flag before raising its own: caught.
std::unique_ptr<ModelProgram> makePeterson(int spins);
std::unique_ptr<ModelProgram> makeDekker(int spins);
std::unique_ptr<ModelProgram> makeBrokenMutualExclusion(int spins);

// --- Spin loops (issue 12), iterations as Weft runs them in C (README "Spin loops")
/// tests/programs/sc_spin_mutex with -D PROTOCOL=0..4: Peterson, Dekker, Lamport's bakery,
/// Szymanski (mutual exclusion holds) and a broken Peterson (caught).
enum class SpinProtocol { Peterson, Dekker, Bakery, Szymanski, BrokenPeterson };
std::unique_ptr<ModelProgram> makeSpinMutex(SpinProtocol protocol);
/// tests/programs/spin_loops with -D VARIANT=0, 1 or 3: a handshake, a spin nobody ends, a spin
/// whose iteration runs an inner loop.
std::unique_ptr<ModelProgram> makeSpinLoops(int variant);
/// tests/programs/locked_spin with -D VARIANT=0..3: main polls a flag under a mutex (the setter sets
/// it; never sets it: a livelock; first try-locks another mutex; the poll nests two mutexes).
std::unique_ptr<ModelProgram> makeLockedSpin(int variant);

// --- Program ends (engine/unfolding/README.md, "Program ends")
/// main creates T1 and T2, which fail at once (thread `inSection` inside an atomic section; T2 passes when
/// `secondPasses`), and T3, which locks and unlocks one mutex twice (the sections' lock when
/// `lockerInSections`: two atomic sections): 2 configurations with two ends (each ends the program), 1 with one.
std::unique_ptr<ModelProgram> makeFailuresBesideALocker(ThreadId inSection = kNoThread, bool secondPasses = false,
                                                        bool lockerInSections = false);

} // namespace weft::model
