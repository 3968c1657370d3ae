"""A development question set for the offline answers (issue 50): written blind, tuned on."""
