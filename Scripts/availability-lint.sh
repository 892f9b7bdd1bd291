#!/usr/bin/env bash
# Fails when the sources use an API newer than the package's deployment targets (Package.swift:
# macOS 13, iOS 16, watchOS 9, tvOS 16, visionOS 1). The build machines have no Apple SDK, so the
# compiler cannot check availability for Apple platforms; this list names the APIs the toolchain's
# interfaces mark as newer (see `grep -B1 'func …' …/Swift.swiftmodule/*.swiftinterface`).
# Each entry: an extended regular expression, then what it is and where it first appears.
set -euo pipefail
cd "$(dirname "$0")/.."

too_new=(
  'String\(validating:|String\.init\(validating:'          'String(validating:as:): macOS 15, iOS 18 (use UTF8Validation.string)'
  '\bMutex\b|import Synchronization|\bAtomic<'               'Synchronization (Mutex, Atomic): macOS 15, iOS 18'
  '\bRangeSet\b|removeSubranges|\.indices\(where:|DiscontiguousSlice' 'RangeSet and friends: macOS 15, iOS 18'
  '\bU?Int128\b'                                             'Int128/UInt128: macOS 15, iOS 18'
  '#Predicate|#Expression|@Observable\b|import Observation|withObservationTracking' 'Predicate/Expression/Observation: macOS 14-15, iOS 17-18'
  '\bInlineArray\b|\b(Raw|Mutable|Output|UTF8)?Span\b|\.span\b|\.mutableSpan\b|\.utf8Span\b' 'InlineArray and Span: macOS 26, iOS 26'
  'Task\.immediate|Task\(name:|withTaskExecutorPreference|TaskExecutor\b' 'Task names, immediate tasks, task executors: macOS 15-26'
  'isolated deinit'                                          'isolated deinit: macOS 15.4, iOS 18.4'
  '\.assumeIsolated|withDiscardingTaskGroup|DispatchSerialQueue' 'assumeIsolated, discarding task groups, DispatchSerialQueue: macOS 14, iOS 17'
  'RecurrenceRule|dates\(byMatching|dates\(byAdding'          'Calendar.RecurrenceRule, Calendar.dates(…): macOS 15, iOS 18'
  'import Foundation(Essentials|Internationalization)'       'FoundationEssentials: not a module on Apple platforms before macOS 26'
)

status=0
for ((i = 0; i < ${#too_new[@]}; i += 2)); do
  pattern=${too_new[i]}
  what=${too_new[i + 1]}
  # Skip comment lines (/// and //): docs may name an API to say it is avoided.
  if hits=$(grep -rnE --include='*.swift' "$pattern" Sources Package.swift | grep -vE '^[^:]+:[0-9]+:[[:space:]]*//'); then
    while IFS= read -r hit; do
      echo "${hit%%:*}:$(cut -d: -f2 <<<"$hit"): too new for the deployment targets: $what" >&2
    done <<<"$hits"
    status=1
  fi
done

# The deployment targets this list is written for.
for platform in '.macOS(.v13)' '.iOS(.v16)'; do
  if ! grep -qF "$platform" Package.swift; then
    echo "Package.swift: platforms: no longer lists $platform; update Scripts/availability-lint.sh with it" >&2
    status=1
  fi
done
exit $status
