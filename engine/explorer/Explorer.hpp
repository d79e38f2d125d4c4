// SPDX-License-Identifier: MIT
// The run-to-completion exploration loop (docs/algorithms.md, "Run-to-completion loop"): run the program
// under a replay, turn its actions into events along the trail, add cex of the final configuration, then
// backtrack until Alt yields a clue. Runs on one thread; cancel it from any thread through the stop_token,
// pause it through a PauseControl (it waits between two executions).
#pragma once

#include "engine/execution/Executor.hpp"
#include "engine/execution/Interrupt.hpp"
#include "engine/explorer/Alternatives.hpp"
#include "engine/explorer/ExplorationObserver.hpp"
#include "engine/explorer/ExplorationOptions.hpp"
#include "engine/explorer/PathCode.hpp"
#include "engine/explorer/PauseControl.hpp"
#include "engine/explorer/SiblingKeyTable.hpp"
#include "engine/explorer/WorkQueue.hpp"
#include "engine/results/ExplorationResult.hpp"
#include "engine/unfolding/EventKeyIndex.hpp"
#include "engine/unfolding/EventKeys.hpp"

#include <span>
#include <stop_token>

namespace weft {

class Explorer {
public:
    Explorer(Executor &executor, ExplorationOptions options);

    void setObserver(ExplorationObserver *observer) { m_observer = observer; }

    /// Explores until done, cancelled or bounded; the result keeps everything found so far. While
    /// `pause` (if given) is paused, the run waits after its current execution.
    ExplorationResult run(std::stop_token stop = {}, PauseControl *pause = nullptr);

    /// One worker of a parallel or distributed exploration (ParallelExplorer, DistributedExplorer): takes items
    /// from `pool` until it is done or stopped, splits its own subtree when the pool wants work, stops every worker
    /// when it meets a reason to stop. Statistics and defects are this worker's; events are its unfolding's size.
    ExplorationResult runWorker(WorkQueue &pool, std::stop_token stop, PauseControl *pause = nullptr);
    /// Items this worker queued for others (runWorker).
    std::uint64_t donations() const { return m_donations; }
    /// Negative decisions that a re-check round found to be positive after all (runWorker; README.md,
    /// "Alt reads U": an alternative whose events another worker had created).
    std::uint64_t lateClues() const { return m_lateClues; }
    /// The canonical keys of this worker's events, by event id (complete after runWorker).
    const std::vector<EventKey> &canonicalKeys() const { return m_keys; }
    /// The path codes of the executions this worker ran (runWorker): mergeShares numbers defects by them.
    const PathCodeLog &leafLog() const { return m_leaves; }

    /// The event structure explored so far (read it only when run() is not executing).
    const Unfolding &unfolding() const { return m_unfolding; }
    const AlternativeStatistics &alternativeStatistics() const { return m_alternatives.statistics(); }

private:
    struct Conversion {
        bool sleepBlocked = false;
        bool diverged = false;
        bool interrupted = false; ///< m_interrupt fired: the trail holds a prefix of the execution
        std::string divergence;
    };
    Conversion convert(const Execution &execution);
    EventId eventFor(const Action &action);
    EventId roundCompletion(EventId arrival) const;
    void pushTrail(EventId e);
    /// The loop of run(): execute, convert, extend, backtrack, until done or interrupted. Starts with
    /// `schedule` (a work item's, whose root is at depth m_floor).
    void explore(ExplorationResult &result, Schedule schedule);
    /// Pops the whole trail and empties D (a worker between two items).
    void resetTrail();
    /// Whether Alt may be asked at the node of trail length `length` whose event is `e`.
    bool mayBranchAt(std::uint32_t length, EventId e) const;
    /// Queues the right child of the shallowest node of the trail not donated yet that has a clue now
    /// (README.md, "Load balancing"); false if none has.
    bool donate();
    /// The item that explores the right child `d` of the node `prefix` (cut `cut`) through `clue`.
    WorkItem makeItem(const Configuration &clue, std::span<const EventId> prefix, const Configuration &cut,
                      const Disset &d) const;
    /// Records the negative decision at trail length `length` (event `e` just popped) until a re-check
    /// round; `open`: this backtrack already has its record.
    void park(std::uint32_t length, EventId e, bool &open);
    /// A re-check round (all workers at once): import the events other workers created, then ask Alt
    /// again at every parked node; a clue found now becomes a (late) item.
    void recheck();
    /// Pops the trail to the next clue; false when none is left or m_interrupt fired meanwhile.
    bool backtrack(std::optional<Configuration> &clue);
    /// The replay of `clue` after the trail prefix `prefix` (whose cut is `cut`) with disabled set `d`;
    /// `events` (optional) receives the events of clue \ cut in the order they are replayed.
    Schedule buildReplay(const Configuration &clue, std::span<const EventId> prefix, const Configuration &cut,
                         const Disset &d, std::vector<EventId> *events = nullptr) const;
    /// The event of the replayed `action` when it is `expected` (the clue's event at that place): its
    /// predecessors are C's maxima, which saves the lookup in U; else kNoEvent.
    EventId expectedEvent(const Action &action, EventId expected) const;
    /// Adds `fault` to the defects (or counts it again); `actions` replay the execution up to it.
    void recordDefect(const ProgramFault &fault, std::span<const Action> actions, ExplorationResult &result);
    /// Waits while paused (telling the observer); a stop request ends the wait.
    void waitWhilePaused();
    /// What a run (run, runWorker) attaches while it lasts: its interrupt (the stop token, the options'
    /// timeout and memory bound), seen by the executor and by backtracking, and its pause control.
    class RunScope {
    public:
        RunScope(Explorer &explorer, std::stop_token stop, PauseControl *pause);
        ~RunScope();
        RunScope(const RunScope &) = delete;
        RunScope &operator=(const RunScope &) = delete;

    private:
        Explorer &m_explorer;
        Interrupt m_interrupt;
    };

    Executor &m_executor;
    ExplorationOptions m_options;
    Unfolding m_unfolding;
    Alternatives m_alternatives;
    Configuration m_config{true};
    Disset m_disset;
    std::vector<EventId> m_trail;
    /// The events the current schedule replays after the trail (the clue's, from buildReplay).
    std::vector<EventId> m_clueEvents;
    std::vector<std::uint32_t> m_switches; // context switches within trail[0..i]
    /// Bit e: e's earlier positions (cex) have been added, and those of every operation below it on its
    /// object's chain. They depend on e alone, so each event is walked once per exploration, not once
    /// per execution that has it after its branch point.
    std::vector<std::uint64_t> m_cexWalked;
    /// Whether e was walked already; marks it walked.
    bool markCexWalked(EventId e);
    Interrupt *m_interrupt = nullptr;      // the running run()'s; polled while backtracking
    PauseControl *m_pause = nullptr;       // the running run()'s, if any
    std::stop_token m_stop;                // the running run()'s
    bool m_cutWarned = false;              // a cut (LimitReached) execution has been reported
    ExplorationObserver *m_observer = nullptr;
    std::uint64_t m_executionNumber = 0; // of the current execution, 1-based (over all workers)

    // Parallel exploration (null pool: one job, today's loop).
    WorkQueue *m_pool = nullptr;
    std::uint32_t m_floor = 0; // the current item's root depth: never backtrack above it
    std::vector<WorkItem::Disabled> m_pendingDisabled; // the item's D, added while replaying its prefix
    std::size_t m_nextDisabled = 0;
    /// Per trail length: kDonated (its right children belong to a queued item) or kTried (no clue when
    /// the pool asked); cleared when the trail pops to it.
    enum NodeMark : std::uint8_t { kNone = 0, kDonated = 1, kTried = 2 };
    std::vector<std::uint8_t> m_nodeMarks;
    std::uint64_t m_donations = 0;
    std::uint64_t m_lateClues = 0;
    /// The current execution's path code, the defects it reported so far, and every execution's code (leafLog).
    PathCode m_leafCode;
    std::uint32_t m_reportOrder = 0;
    PathCodeLog m_leaves;
    /// The negative decisions of one backtrack: its trail (the popped events included), D at its
    /// deepest parked node, and the trail lengths decided.
    struct Decision {
        std::uint32_t length : 31; ///< the trail length of its node
        /// The last re-check round answered it against every worker's siblings of its empty spike (it did not
        /// move to another spike): final unless that round queued an item DFS-earlier than its right child.
        std::uint32_t settled : 1;
        EventId emptySpike; ///< Alternatives::lastEmptySpike of the decision
        std::uint64_t spikeKey; ///< siblingKey(emptySpike), when there is one
    };
    struct Parked {
        std::uint32_t lastNode = 0; ///< its trail (the popped events included) in m_trailNodes: the last event's node
        std::uint32_t length = 0; ///< the trail's length
        std::uint32_t lastDisabled = 0; ///< D at its deepest node in m_disabledNodes: the last entry's node
        std::uint32_t disabledCount = 0; ///< D's size
        std::size_t firstDecision = 0; ///< its decisions: m_decisions[firstDecision, + decisionCount)
        std::uint32_t decisionCount = 0;
        bool watched = false; ///< its decisions' sibling keys are in m_watches
        std::size_t decidedAt = 0; ///< the unfolding's size when last decided
    };
    /// The decisions of every parked record, record after record (one vector, not one per record: millions of
    /// records on long runs); the open record's are at the end.
    std::vector<Decision> m_decisions;
    std::span<Decision> decisionsOf(const Parked &p) {
        return std::span(m_decisions).subspan(p.firstDecision, p.decisionCount);
    }
    /// Whether an event created since `p` was decided is a sibling of the event popped at the decision's node
    /// or of a D-event unjustified there: only then can Alt answer otherwise (its spikes are siblings of
    /// unjustified D-events).
    bool mayHaveChanged(const Parked &p, const Decision &decision);
    /// Parked trails as a tree (README.md, "Parked trails"): a node is an event and the node of the event before
    /// it on the trail; consecutive records share their common prefix instead of each copying the whole trail.
    struct TrailNode {
        EventId event;
        std::uint32_t parent; ///< kNoNode at the root
    };
    static constexpr std::uint32_t kNoNode = kNoEvent;
    std::vector<TrailNode> m_trailNodes;
    /// The node of m_trail[i], for the prefix of the trail that has nodes (cut when the trail pops below it).
    std::vector<std::uint32_t> m_trailNodeAt;
    /// The node of the current trail followed by `last` (the popped event), adding the nodes it lacks.
    std::uint32_t trailNodeOf(EventId last);
    /// The trail of `p`, rebuilt from its nodes into m_parkedTrail (only the part that differs from the record
    /// rebuilt before it: records follow each other in parking order).
    const std::vector<EventId> &parkedTrail(const Parked &p);
    std::vector<EventId> m_parkedTrail;
    std::vector<std::uint32_t> m_parkedTrailNodes; // their nodes
    /// Parked D's as a tree too (D grows and shrinks at its end, as the trail does): a node is an entry and the node
    /// of the entry before it. Records share the entries they have in common with the record parked before them.
    struct DisabledNode {
        EventId event;
        std::uint32_t index;
        std::int32_t disabler; ///< Disset::Entry::disabler
        std::uint32_t parent; ///< kNoNode for the first entry
    };
    std::vector<DisabledNode> m_disabledNodes;
    /// The node of the current D's k-th entry, for the prefix of D that has nodes equal to its entries.
    std::vector<std::uint32_t> m_disabledNodeAt;
    /// The node of the current D's last entry (kNoNode when D is empty), adding the nodes it lacks.
    std::uint32_t disabledNodeOf();
    /// The D of `p`, rebuilt from its nodes into m_parkedDisabled (only the part that differs from the record
    /// rebuilt before it).
    const std::vector<Disset::Entry> &parkedDisabled(const Parked &p);
    std::vector<Disset::Entry> m_parkedDisabled;
    std::vector<std::uint32_t> m_parkedDisabledNodes; // their nodes
    /// (object or location, its tree predecessor) of an object operation or memory access: siblings share it.
    std::uint64_t siblingKey(EventId e) const;
    /// Whether an event with sibling key `key` was created since the unfolding had `since` events (`since`
    /// not before the last round's end).
    bool grownSince(std::uint64_t key, std::size_t since) const;
    /// The sibling keys of the events created or imported since the last round, each with the newest of them
    /// (every parked decision was decided after the last round began: older events cannot change it).
    SiblingKeyTable m_grownSiblings;
    std::size_t m_grownFrom = 0; // the first event in m_grownSiblings
    std::size_t m_siblingsIndexed = 0;
    /// A bit per hash of the keys in m_grownSiblings: most parked decisions are rejected on it without a lookup.
    std::vector<std::uint64_t> m_grownBits;
    /// Whether a spike candidate of `d` at `cut` (SpikeCandidates.hpp) created since `since` is compatible with
    /// `cut`: a superset of the new members of d's spike.
    bool hasNewCompatibleSibling(EventId d, std::size_t since, const Configuration &cut);
    std::vector<EventId> m_candidates; // hasNewCompatibleSibling's scratch
    /// Exploring the root item, and no item it gave away is DFS-earlier than where it is (it has not
    /// backtracked past a donated node): nothing is DFS-earlier than its decisions, which are final.
    bool m_ownsEverythingEarlier = false;
    /// A cut built along a trail prefix (donate, recheck), kept so that its membership table is not
    /// allocated (as large as the unfolding) each time; m_scratchTrail is what it holds, in firing order.
    Configuration m_scratchCut{true};
    std::vector<EventId> m_scratchTrail;
    /// Makes m_scratchCut the cut of `trail[0..length)`, keeping the common prefix it already holds. The caller
    /// may know that the first `same` events are the ones it holds: they are not compared again.
    void scratchCut(std::span<const EventId> trail, std::uint32_t length, std::size_t same = 0);
    std::vector<Parked> m_parked;
    /// A node's place in DFS order (README.md, "Final decisions"): the trail lengths of the right branches on its
    /// path (D's entry indices), ascending. The DFS-earliest path code of the late items this worker queued in
    /// its last re-check round (empty: none).
    std::vector<std::uint32_t> m_earliestLate;
    bool m_queuedLate = false; ///< m_earliestLate holds a code
    /// Drops the parked decisions that the last round settled and that no item it queued (in any worker of this
    /// process) precedes in DFS order: their "no" is final.
    void dropFinalDecisions();
    std::vector<EventKey> m_keys; // canonical keys of this unfolding's events (re-check rounds)
    EventKeyIndex m_keyIndex;
    /// Ranks: the events every rank holds (sent or imported in a round), by id.
    std::vector<bool> m_sharedEvents;
    /// Ranks: the sibling keys the other ranks watch (value: order of arrival).
    SiblingKeyTable m_remoteWatches;
    /// Event `e` as another worker rebuilds it (its key and its predecessors' keys from `keys`).
    static SharedEvent shared(const Unfolding &unfolding, const std::vector<EventKey> &keys, EventId e);
    /// Siblings across unfoldings: a hash of an object operation's or memory access's object or location and of
    /// its object-tree predecessor's canonical key (siblingKey's meaning, with keys instead of ids).
    std::uint64_t canonicalSiblingKey(EventId e) const;
    /// This unfolding's object operations and memory accesses by canonicalSiblingKey, one segment per re-check
    /// round (the events indexed in that round), each sorted by key: the other workers of this process look up
    /// the siblings they watch in it.
    std::vector<std::vector<std::pair<std::uint64_t, EventId>>> m_siblingSegments;
    std::size_t m_siblingSegmentsIndexed = 0;
    /// The canonical sibling keys whose new members could change a parked decision (each once).
    std::vector<std::uint64_t> m_watches;
    SiblingKeyTable m_watchedKeys; // key -> its index in m_watches
    /// The watches looked up in every segment of the other workers: from then on, only their newest segment.
    std::size_t m_watchesScanned = 0;
    /// Watches the keys of decision `k` of `p`: its empty spike's D-event, or, when no spike was empty, the
    /// popped event and the D-events unjustified at its node (what mayHaveChanged looks at).
    void watchDecision(const Parked &p, const Decision &decision);
    /// Watches the canonical sibling key of this unfolding's event `d` (once per event: most decisions share
    /// their empty spike's D-event with many others).
    void watchSiblingsOf(EventId d);
    std::vector<bool> m_watchedEvents;
    /// The events the other workers of this process hold under the sibling keys this one watches, with their
    /// causes, that this one lacks (a re-check round's step 2), in an order that imports causes first.
    std::vector<SharedEvent> stageFromPeers();
    /// The same from workers elsewhere (MPI ranks): exchanges the new watches, sends this one's events under the
    /// others' (with the causes not shared yet), returns what the others sent that this one lacks.
    std::vector<SharedEvent> stageFromRanks();
    /// Watches the decisions parked since the last round.
    void watchParked();
};

} // namespace weft
