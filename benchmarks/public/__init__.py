"""A public real-document question set: ContractNLI agreements with the annotators' evidence spans."""
