// SPDX-License-Identifier: MIT
#include "engine/execution/Schedule.hpp"

#include <algorithm>
#include <charconv>
#include <limits>

namespace weft {

void Schedule::append(const Action &action) {
    if (action.kind == ActionKind::NondetChoice)
        choices.emplace_back(replay.size(), action.value);
    replay.push_back(action.thread);
}

std::optional<std::int64_t> Schedule::choiceAt(std::size_t step) const {
    const auto it =
        std::lower_bound(choices.begin(), choices.end(),
                         std::pair<std::size_t, std::int64_t>{step, std::numeric_limits<std::int64_t>::min()});
    if (it == choices.end() || it->first != step)
        return std::nullopt;
    return it->second;
}

std::string Schedule::toString() const {
    std::string out;
    auto choice = choices.begin();
    for (std::size_t i = 0; i < replay.size();) {
        if (!out.empty())
            out += ',';
        if (choice != choices.end() && choice->first == i) {
            out += std::to_string(replay[i]) + '=' + std::to_string(choice->second);
            ++choice;
            ++i;
            continue;
        }
        std::size_t j = i;
        while (j < replay.size() && replay[j] == replay[i] && (choice == choices.end() || choice->first != j))
            ++j;
        out += std::to_string(replay[i]);
        if (j - i > 1)
            out += '*' + std::to_string(j - i);
        i = j;
    }
    return out;
}

static std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\n'))
        s.remove_suffix(1);
    return s;
}

template <typename T> static bool parseNumber(std::string_view s, T &out) {
    s = trim(s);
    if (s.empty())
        return false;
    auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return ec == std::errc{} && end == s.data() + s.size();
}

Expected<Schedule> Schedule::parse(std::string_view text) {
    constexpr std::uint64_t kMaxSteps = 100'000'000;
    Schedule schedule;
    text = trim(text);
    if (text.empty())
        return schedule;
    std::size_t column = 1;
    while (true) {
        const std::size_t comma = text.find(',');
        const std::string_view item = text.substr(0, comma);
        const std::size_t star = item.find('*');
        const std::size_t equals = item.find('=');
        std::uint64_t thread = 0, count = 1;
        std::int64_t value = 0;
        const bool ok = equals != std::string_view::npos
                            ? star == std::string_view::npos && parseNumber(item.substr(0, equals), thread) &&
                                  thread < kNoThread && parseNumber(item.substr(equals + 1), value) &&
                                  schedule.replay.size() < kMaxSteps
                            : parseNumber(item.substr(0, star), thread) && thread < kNoThread &&
                                  (star == std::string_view::npos || parseNumber(item.substr(star + 1), count)) &&
                                  count >= 1 && schedule.replay.size() + count <= kMaxSteps;
        if (!ok) {
            Diagnostic d = Diagnostic::error("invalid schedule item '" + std::string(trim(item)) +
                                             "' (expected THREAD, THREAD*COUNT or THREAD=VALUE, e.g. 0*4,1=3,0*2)");
            d.file = "<schedule>";
            d.line = 1;
            d.column = static_cast<unsigned>(column);
            return Unexpected(d);
        }
        if (equals != std::string_view::npos)
            schedule.choices.emplace_back(schedule.replay.size(), value);
        schedule.replay.insert(schedule.replay.end(), count, static_cast<ThreadId>(thread));
        if (comma == std::string_view::npos)
            break;
        column += comma + 1;
        text = text.substr(comma + 1);
    }
    return schedule;
}

} // namespace weft
