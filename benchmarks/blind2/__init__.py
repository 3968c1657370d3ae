"""The second blind benchmark collection (written blind, frozen; report only)."""
