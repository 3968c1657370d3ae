"""Paraphrased question set over the public ContractNLI agreements (issue 56, part 2).

Business-user questions written blind (without reading the retrieval code or the other
question sets) over the 30 agreements of ``benchmarks/public``; see README.md.
"""
