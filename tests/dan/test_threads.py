"""dan.convert is thread-safe: 8 threads converting concurrently give the serial results."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import dan
from demo import samples

SAMPLES = samples.paths()


def test_concurrent_conversions_match_serial_results():
    jobs = [(path, limit) for path in SAMPLES for limit in (64, 256, 1024)] * 4
    serial = {(p, m): dan.convert(p, max_tokens=m) for p, m in set(jobs)}
    with ThreadPoolExecutor(max_workers=8) as pool:
        results = list(pool.map(lambda job: (job, dan.convert(job[0], max_tokens=job[1])), jobs))
    assert len(results) == len(jobs) >= 96
    for job, res in results:
        assert res == serial[job], job
