"""Markdown documents: a leisure centre's plant maintenance log and a clinical trial's
schedule of assessments (no revisions or comments: Markdown carries neither)."""

from __future__ import annotations

from benchmarks.quality.devsets import Family, add_table, builder, merged, parse, pick, prose

# ---------------------------------------------------------------- maintenance log

LOG_HEADER = ("Location", "Job No.", "Date", "Asset", "Work Carried Out", "Technician", "Hours", "Status")
LOG_ROWS = parse("""
Plant Room A | HV-1001 | 01 Oct 2026 | Pool Filter Pump P1 | Checked seal, topped up bearing oil | R. Castellano | 0.75 | Complete
Plant Room A | HV-1004 | 02 Oct 2026 | Pool Filter Pump P2 | Investigated vibration alarm | R. Castellano | 1.5 | Follow-up booked
Plant Room A | HV-1009 | 05 Oct 2026 | Sand Filter F2 | Backwash valve actuator replaced | J. Okonkwo | 2.25 | Complete
Plant Room A | HV-1013 | 07 Oct 2026 | Chlorine Dosing Pump CD1 | Replaced dosing tube and foot valve | AquaServ (contractor) | 1.0 | Complete
Plant Room A | HV-1018 | 09 Oct 2026 | Pool Filter Pump P2 | Bearing noise, pump isolated, P1 on duty | R. Castellano | 3.0 | Awaiting parts
Plant Room A | HV-1022 | 12 Oct 2026 | UV Unit UV1 | Lamp at 9,000 hours, lamp replaced | M. Lindgren | 1.25 | Complete
Plant Room A | HV-1027 | 14 Oct 2026 | Balance Tank | Level probe cleaned and recalibrated | J. Okonkwo | 0.5 | Complete
Plant Room A | HV-1031 | 16 Oct 2026 | Pool Filter Pump P2 | Bearings and mechanical seal replaced | R. Castellano | 5.5 | Complete
Plant Room A | HV-1038 | 20 Oct 2026 | pH Dosing Pump CD2 | Calibration drift, probe replaced | AquaServ (contractor) | 1.0 | Complete
Plant Room A | HV-1044 | 23 Oct 2026 | Pool Filter Pump P2 | Post-repair vibration readings | R. Castellano | 0.5 | Follow-up booked
Plant Room B | HV-1002 | 01 Oct 2026 | AHU-1 Pool Hall | Filter change, G4 and F7 | S. Byrne | 1.5 | Complete
Plant Room B | HV-1007 | 03 Oct 2026 | Boiler B1 | Annual service and flue gas analysis | M. Lindgren | 3.5 | Complete
Plant Room B | HV-1011 | 06 Oct 2026 | Boiler B2 | Ignition lockout, electrode replaced | M. Lindgren | 2.0 | Complete
Plant Room B | HV-1016 | 08 Oct 2026 | AHU-1 Pool Hall | Supply fan belts slipping | S. Byrne | 1.0 | Awaiting parts
Plant Room B | HV-1020 | 12 Oct 2026 | Heat Recovery Wheel | Drive motor overload tripped | S. Byrne | 1.75 | Deferred
Plant Room B | HV-1025 | 13 Oct 2026 | AHU-1 Pool Hall | Belts replaced, tension set | S. Byrne | 1.25 | Complete
Plant Room B | HV-1033 | 17 Oct 2026 | Pressurisation Unit | Expansion vessel recharged to 1.5 bar | M. Lindgren | 0.75 | Complete
Plant Room B | HV-1037 | 19 Oct 2026 | AHU-2 Sports Hall | Damper actuators and controller replaced | S. Byrne | 4.0 | Complete
Plant Room B | HV-1046 | 26 Oct 2026 | Boiler B2 | Repeat lockout, gas valve suspected | M. Lindgren | 2.5 | Awaiting parts
Pool Hall | HV-1003 | 02 Oct 2026 | Poolside Showers | Thermostatic mixing valves serviced | J. Okonkwo | 2.0 | Complete
Pool Hall | HV-1010 | 05 Oct 2026 | Movable Floor | Hydraulic leak at ram 3 | AquaServ (contractor) | 3.0 | Awaiting parts
Pool Hall | HV-1015 | 08 Oct 2026 | Pool Hoist | Six-monthly LOLER inspection | AquaServ (contractor) | 0.5 | Complete
Pool Hall | HV-1021 | 12 Oct 2026 | Poolside Lighting | Two LED floodlights replaced | J. Okonkwo | 1.5 | Complete
Pool Hall | HV-1029 | 15 Oct 2026 | Spa Pump SP1 | Impeller cleared, motor current checked | R. Castellano | 1.25 | Complete
Pool Hall | HV-1036 | 19 Oct 2026 | Movable Floor | Ram 3 seals replaced, floor levelled | AquaServ (contractor) | 6.0 | Complete
Pool Hall | HV-1048 | 28 Oct 2026 | Wave Machine | Fault code E14, controller reset | J. Okonkwo | 1.0 | Follow-up booked
Sports Hall & Gym | HV-1006 | 03 Oct 2026 | Treadmill T4 | Running belt replaced | S. Byrne | 1.0 | Complete
Sports Hall & Gym | HV-1012 | 06 Oct 2026 | Sports Hall Lighting | Emergency lighting monthly test | J. Okonkwo | 0.75 | Complete
Sports Hall & Gym | HV-1019 | 09 Oct 2026 | Basketball Backboard | Winch cable inspected | S. Byrne | 0.5 | Complete
Sports Hall & Gym | HV-1026 | 13 Oct 2026 | Cross-trainer C2 | Console dead, power supply replaced | S. Byrne | 0.75 | Complete
Sports Hall & Gym | HV-1034 | 17 Oct 2026 | Changing Room Extract Fan | Fan motor seized | M. Lindgren | 1.5 | Awaiting parts
Sports Hall & Gym | HV-1040 | 21 Oct 2026 | Sports Hall Floor | Loose board refixed at court 2 | S. Byrne | 2.0 | Complete
Sports Hall & Gym | HV-1047 | 27 Oct 2026 | Treadmill T2 | Incline motor fault | S. Byrne | 0.5 | Deferred
Roof and External | HV-1005 | 02 Oct 2026 | Solar Thermal Array | Glycol concentration checked | M. Lindgren | 1.0 | Complete
Roof and External | HV-1008 | 05 Oct 2026 | Roof Gutters | Gutters cleared, east elevation | J. Okonkwo | 2.5 | Complete
Roof and External | HV-1014 | 07 Oct 2026 | Car Park Barrier | Loop detector replaced | S. Byrne | 1.5 | Complete
Roof and External | HV-1023 | 12 Oct 2026 | Condenser CU-3 | Refrigerant leak test | Coolflow (contractor) | 2.0 | Complete
Roof and External | HV-1028 | 14 Oct 2026 | Rainwater Harvesting Tank | Pump float switch replaced | J. Okonkwo | 1.0 | Complete
Roof and External | HV-1032 | 16 Oct 2026 | Fire Escape Stair | Handrail fixings tightened | S. Byrne | 0.75 | Complete
Roof and External | HV-1039 | 20 Oct 2026 | Condenser CU-3 | Brazed joint leak repaired, system recharged | Coolflow (contractor) | 3.5 | Complete
Roof and External | HV-1042 | 22 Oct 2026 | Lightning Protection | Annual earth resistance test | Strikeguard (contractor) | 1.5 | Complete
Roof and External | HV-1050 | 30 Oct 2026 | Roof Access Hatch | Gas struts replaced | S. Byrne | 0.5 | Complete
""")

PARTS_HEADER = ("Part No.", "Description", "Qty", "Job No.", "Unit Cost (GBP)")
PARTS_ROWS = parse("""
GR-6205-2RS | Bearing 6205-2RS, pump drive end | 2 | HV-1031 | 18.40
GR-6306-2Z | Bearing 6306-2Z, pump non-drive end | 1 | HV-1031 | 26.90
MS-35-BQ1 | Mechanical seal 35 mm, carbon and silicon carbide | 1 | HV-1031 | 142.00
GK-P2-04 | Gasket set, pump casing | 1 | HV-1031 | 21.75
ACT-BV-230 | Backwash valve actuator, 230 V | 1 | HV-1009 | 386.00
DT-CD1-KIT | Dosing tube and foot valve kit | 1 | HV-1013 | 58.30
UV-LMP-1K2 | UV lamp, 1.2 kW medium pressure | 1 | HV-1022 | 412.00
FLT-G4-592 | Panel filter G4, 592 by 592 | 6 | HV-1002 | 9.80
FLT-F7-592 | Bag filter F7, 592 by 592 | 6 | HV-1002 | 31.50
ELC-B2-IGN | Ignition electrode, boiler B2 | 1 | HV-1011 | 44.60
BLT-SPA-1650 | V-belt SPA 1650 | 3 | HV-1025 | 15.20
PH-PRB-02 | pH probe, double junction | 1 | HV-1038 | 96.00
DMP-ACT-24 | Damper actuator, 24 V modulating | 2 | HV-1037 | 168.00
CTL-AHU2-R | Replacement AHU controller | 1 | HV-1037 | 624.00
TMV-CART-3 | TMV3 cartridge | 4 | HV-1003 | 38.75
SL-RAM-03 | Hydraulic ram seal kit | 1 | HV-1036 | 214.00
PSU-C2-XT | Cross-trainer console power supply | 1 | HV-1026 | 67.50
GS-450N | Gas strut, 450 N | 2 | HV-1050 | 12.90
""")


def maintenance_log() -> Family:
    b = builder("harbourview_plant_maintenance_oct2026", "md",
                "Harbourview Leisure Centre — Plant Maintenance Log, October 2026", 610_501, "technical")

    b.heading("1. Introduction")
    b.para("This log records all planned and reactive maintenance carried out at Harbourview Leisure Centre during "
           "October 2026. The main pool's turnover period is 2.5 hours with both filter pumps running and 4 hours on "
           "a single pump.")
    b.para("Status codes: Complete means the work is finished and tested. Follow-up booked means a return visit is "
           "already in the planner. Awaiting parts means the asset is isolated or running degraded until parts "
           "arrive. Deferred means the work was postponed with the Duty Manager's agreement and is re-planned in "
           "next month's schedule.")
    b.para("Where two pumps serve the same duty, the duty pump is rotated weekly so that both accumulate similar "
           "running hours.")
    b.filler(1)
    b.heading("2. Maintenance Log")
    fn = b.footnote("Hours are recorded to the nearest quarter hour and exclude travel between sites; contractor "
                    "hours are taken from their signed job sheets.")
    b.para("Jobs are grouped by location and listed in job-number order.", fn)
    add_table(b, LOG_HEADER, merged(LOG_ROWS))
    prose(b, 1)
    b.heading("3. Parts Used")
    b.para("Parts drawn from the stores or bought in for the jobs above; unit costs exclude VAT.")
    add_table(b, PARTS_HEADER, PARTS_ROWS)
    prose(b, 1)
    b.heading("4. Outstanding Issues")
    b.para("Pool Filter Pump P2 stays on standby only until the follow-up readings confirm vibration below 4.5 mm/s; "
           "until then P1 remains the duty pump and P2 is not rotated.")
    b.para("The gas valve for Boiler B2 is on a five-day lead time; B1 carries the full heating load meanwhile.")
    b.filler(1)
    b.heading("5. Health and Safety Notes")
    b.filler(1)

    b.ask("table_multi", "What work was done on Pool Filter Pump P2 this month?",
          "HV-1004 vibration alarm investigated, HV-1018 bearing noise (awaiting parts), HV-1031 bearings and seal "
          "replaced, HV-1044 post-repair vibration readings.",
          rows=pick(LOG_ROWS, (1, 4), lambda r: r[3] == "Pool Filter Pump P2"), header=LOG_HEADER)
    b.ask("table_multi", "What's still waiting on parts?",
          "HV-1018 Pool Filter Pump P2, HV-1016 AHU-1 Pool Hall, HV-1046 Boiler B2, HV-1010 Movable Floor, HV-1034 "
          "Changing Room Extract Fan.",
          rows=pick(LOG_ROWS, (1, 3), lambda r: r[7] == "Awaiting parts"), header=LOG_HEADER)
    b.ask("table_multi", "plant room B jobs october",
          "Nine jobs: HV-1002, HV-1007, HV-1011, HV-1016, HV-1020, HV-1025, HV-1033, HV-1037, HV-1046.",
          rows=pick(LOG_ROWS, (1, 3), lambda r: r[0] == "Plant Room B"), header=LOG_HEADER)
    b.ask("table_multi", "Which parts were fitted under HV-1031, and how many of each?",
          "GR-6205-2RS x2, GR-6306-2Z x1, MS-35-BQ1 x1, GK-P2-04 x1.",
          rows=pick(PARTS_ROWS, (0, 2), lambda r: r[3] == "HV-1031"), header=PARTS_HEADER)
    b.ask("table_multi", "Can you give me the October parts list with unit costs? All of it.",
          "Eighteen parts, GR-6205-2RS 18.40 to GS-450N 12.90.",
          rows=pick(PARTS_ROWS, (0, 4), lambda r: True), header=PARTS_HEADER)
    b.ask("table_multi", "We're reviewing contractor spend. Which jobs did outside contractors do this month, and "
          "which firm did each?",
          "AquaServ: HV-1013, HV-1038, HV-1010, HV-1015, HV-1036; Coolflow: HV-1023, HV-1039; Strikeguard: HV-1042.",
          rows=pick(LOG_ROWS, (1, 5), lambda r: "(contractor)" in r[5]), header=LOG_HEADER)
    b.ask("table_multi", "Show me what was logged from 12 to 14 October.",
          "HV-1022, HV-1027, HV-1020, HV-1025, HV-1021, HV-1026, HV-1023 and HV-1028.",
          rows=pick(LOG_ROWS, (1, 2), lambda r: r[2] in ("12 Oct 2026", "13 Oct 2026", "14 Oct 2026")),
          header=LOG_HEADER)
    b.ask("table_tail", "Was the roof access hatch fixed? Who did it?",
          "Yes, HV-1050 on 30 Oct 2026: gas struts replaced by S. Byrne, complete.",
          rows=[("HV-1050", "Gas struts replaced", "S. Byrne")], header=LOG_HEADER)
    b.ask("footnote", "Do the logged hours include travel time?",
          "No; hours are to the nearest quarter hour and exclude travel between sites.",
          evidence=["exclude travel between sites"])
    b.ask("plain", "How long is the pool turnover if only one filter pump is running?",
          "4 hours (2.5 hours with both).", evidence=["4 hours on a single pump"])
    b.ask("cross_section", "P2 has had its bearings done. Does it go back into the weekly duty rotation now?",
          "Not yet: duty pumps are normally rotated weekly, but P2 stays on standby and out of rotation until the "
          "follow-up readings show vibration below 4.5 mm/s.",
          evidence=["the duty pump is rotated weekly", "confirm vibration below 4.5 mm/s"])
    b.ask("definition", "Two jobs are marked Deferred. What does that status mean for them?",
          "They were postponed with the Duty Manager's agreement and are re-planned in next month's schedule.",
          evidence=["postponed with the Duty Manager's agreement"])
    return b.finish(header="Log reference HLC-PML-2610 · Compiled by the Duty Engineer · Approved by the Facilities Manager",
                    footer="Next log: November 2026. Retain for six years with the site's maintenance records.")


# ---------------------------------------------------------------- schedule of assessments

VISIT_HEADER = ("Period", "Visit", "Week", "Study Day", "Window", "Key Assessments", "Fasting")
VISIT_ROWS = parse("""
Screening | V1 | -4 | Day -28 | +25 days | Informed consent, eligibility, ECG, safety labs | Yes, 10 h
Screening | V2 | -1 | Day -7 | ±2 days | Eligibility confirmation, baseline questionnaires | No
Baseline | V3 | 1 | Day 1 | None | Randomisation, first dose, PK pre-dose and 2 h | Yes, 10 h
Treatment | V4 | 1 | Day 3 | ±1 day | Vital signs, adverse events | No
Treatment | V5 | 2 | Day 8 | ±1 day | Safety labs, PK trough | Yes, 10 h
Treatment | V6 | 2 | Day 11 | ±1 day | Vital signs, adverse events | No
Treatment | V7 | 3 | Day 15 | ±2 days | Safety labs, ECG | Yes, 10 h
Treatment | V8 | 4 | Day 22 | ±2 days | Vital signs, drug accountability | No
Treatment | V9 | 4 | Day 25 | ±2 days | PK profile 0 to 8 h | Yes, 10 h
Treatment | V10 | 4 | Day 28 | ±2 days | Safety labs, ECG, questionnaires | Yes, 10 h
Treatment | V11 | 6 | Day 42 | ±3 days | Safety labs, vital signs | No
Treatment | V12 | 8 | Day 56 | ±3 days | Efficacy MRI, safety labs, PK trough | Yes, 10 h
Treatment | V13 | 10 | Day 70 | ±3 days | Vital signs, adverse events | No
Treatment | V14 | 12 | Day 84 | ±3 days | Safety labs, ECG, questionnaires | Yes, 10 h
Treatment | V15 | 14 | Day 98 | ±5 days | Vital signs, drug accountability | No
Treatment | V16 | 16 | Day 112 | ±5 days | Safety labs, PK trough | Yes, 10 h
Treatment | V17 | 20 | Day 140 | ±5 days | Vital signs, adverse events | No
Treatment | V18 | 24 | Day 168 | ±5 days | Efficacy MRI, safety labs, ECG, questionnaires | Yes, 10 h
Treatment | V19 | 28 | Day 196 | ±7 days | Vital signs, adverse events | No
Treatment | V20 | 32 | Day 224 | ±7 days | Safety labs, PK trough | Yes, 10 h
Treatment | V21 | 36 | Day 252 | ±7 days | Vital signs, drug accountability | No
Treatment | V22 | 40 | Day 280 | ±7 days | Safety labs, questionnaires | Yes, 10 h
Treatment | V23 | 44 | Day 308 | ±7 days | Vital signs, adverse events | No
Treatment | V24 | 48 | Day 336 | ±7 days | End of treatment, efficacy MRI, full safety panel | Yes, 10 h
Follow-up | V25 | 50 | Day 350 | ±7 days | Safety labs, adverse events | No
Follow-up | V26 | 52 | Day 364 | ±7 days | Telephone call, adverse events | No
Follow-up | V27 | 60 | Day 420 | ±14 days | Anti-drug antibody sample, adverse events | No
Follow-up | V28 | 72 | Day 504 | ±14 days | End of study, final questionnaires | No
Unscheduled | UNS | n/a | As needed | n/a | As clinically indicated | No
Unscheduled | ET | n/a | Within 7 days of stopping | n/a | Full safety panel, anti-drug antibody sample | Yes, 10 h
""")

SAMPLE_HEADER = ("Sample", "Tube", "Volume", "Processing", "Storage")
SAMPLE_ROWS = parse("""
Haematology | EDTA, lavender | 2 mL | None, ship ambient | Ambient, analyse within 48 h
Biochemistry | SST, gold | 5 mL | Clot 30 min, centrifuge | Ambient
HbA1c | EDTA, lavender | 2 mL | None | 2 to 8 °C
Coagulation | Citrate, light blue | 2.7 mL | Centrifuge within 1 h | Frozen at -20 °C
Lipid panel | SST, gold | 3.5 mL | Clot 30 min, centrifuge | 2 to 8 °C
PK plasma | K2EDTA, lavender | 4 mL | Centrifuge at 4 °C within 30 min | Frozen at -80 °C
PK backup aliquot | Cryovial | 1 mL | Aliquot from PK plasma | Frozen at -80 °C
Anti-drug antibodies | SST, gold | 5 mL | Clot 30 min, centrifuge | Frozen at -80 °C
Biomarker serum | SST, gold | 8.5 mL | Clot 30 min, centrifuge | Frozen at -80 °C
Biomarker plasma | EDTA, lavender | 6 mL | Centrifuge within 1 h | Frozen at -80 °C
Pharmacogenomics | EDTA, lavender | 4 mL | None | Frozen at -20 °C
Urinalysis | Urine cup | 10 mL | Dipstick on site | Not stored
Urine pregnancy test | Urine cup | 5 mL | Test on site | Not stored
Urine biomarker | Urine tube | 10 mL | Centrifuge, aliquot | Frozen at -80 °C
Serology, hepatitis and HIV | SST, gold | 3.5 mL | Clot 30 min, centrifuge | 2 to 8 °C
Serum pregnancy test | SST, gold | 3.5 mL | Clot 30 min, centrifuge | Ambient
""")


def visit_schedule() -> Family:
    b = builder("vrx207_schedule_of_assessments", "md",
                "Protocol VRX-207 — Schedule of Assessments and Visit Windows", 610_502, "clinical")

    b.heading("1. Introduction")
    b.para("This document sets out the visits, windows and sampling for participants in study VRX-207. Study Day 1 is "
           "the day of the first dose of investigational product; there is no Day 0, and the day before Day 1 is Day -1.")
    b.para("The total blood volume drawn from a participant must not exceed 550 mL over the whole study.")
    b.filler(1)
    b.heading("2. Schedule of Assessments")
    fn = b.footnote("From V25 onwards a window may be extended by a further 7 days with written approval from the "
                    "medical monitor.")
    b.para("Windows are counted in calendar days around the target Study Day.", fn,
           " Fasting means nothing but water for the stated number of hours before the visit.")
    add_table(b, VISIT_HEADER, merged(VISIT_ROWS))
    prose(b, 1)
    b.heading("3. Missed and Out-of-Window Visits")
    b.para("Out-of-window visits do not move the schedule: later visits remain scheduled relative to Study Day 1.")
    b.filler(1)
    b.heading("4. Sample Handling")
    b.para("Tubes are supplied in visit-specific kits by the central laboratory. Label every tube with the participant "
           "number and visit before collection.")
    add_table(b, SAMPLE_HEADER, SAMPLE_ROWS)
    prose(b, 1)
    b.heading("5. Pharmacokinetic Sampling")
    b.para("Because trough levels need a washout, V10 must be at least 48 hours after the end of the V9 PK profile, "
           "even if that moves V10 outside its window.")
    b.filler(1)

    b.ask("table_multi", "Which visits happen in study week 4?",
          "V8 (Day 22), V9 (Day 25) and V10 (Day 28).",
          rows=pick(VISIT_ROWS, (1, 3), lambda r: r[2] == "4"), header=VISIT_HEADER)
    b.ask("table_multi", "Which VRX-207 visits need the participant to come in fasted?",
          "V1, V3, V5, V7, V9, V10, V12, V14, V16, V18, V20, V22, V24 and ET, each fasting 10 hours.",
          rows=pick(VISIT_ROWS, (1, 6), lambda r: r[6] == "Yes, 10 h"), header=VISIT_HEADER)
    b.ask("table_multi", "Give me every treatment-period visit with its visit window.",
          "V4 to V24, windows from ±1 day to ±7 days.",
          rows=pick(VISIT_ROWS, (1, 4), lambda r: r[0] == "Treatment"), header=VISIT_HEADER)
    b.ask("table_multi", "On which visits is PK blood taken, and on what study day?",
          "V3 Day 1, V5 Day 8, V9 Day 25, V12 Day 56, V16 Day 112, V20 Day 224.",
          rows=pick(VISIT_ROWS, (1, 3), lambda r: "PK" in r[5]), header=VISIT_HEADER)
    b.ask("table_multi", "sample handling table tube and storage each sample type",
          "Sixteen sample types with tube and storage condition.",
          rows=pick(SAMPLE_ROWS, (0, 1, 4), lambda r: True), header=SAMPLE_HEADER)
    b.ask("table_multi", "Which samples have to go in the minus 80 freezer?",
          "PK plasma, PK backup aliquot, anti-drug antibodies, biomarker serum, biomarker plasma, urine biomarker.",
          rows=pick(SAMPLE_ROWS, (0, 4), lambda r: r[4] == "Frozen at -80 °C"), header=SAMPLE_HEADER)
    b.ask("table_tail", "What tube do we use for the serum pregnancy test, and how is it stored?",
          "SST (gold), 3.5 mL, clotted and centrifuged, stored ambient.",
          rows=[("Serum pregnancy test", "SST, gold", "Ambient")], header=SAMPLE_HEADER)
    b.ask("plain", "What is the maximum total blood draw per participant in VRX-207?",
          "550 mL over the whole study.", evidence=["must not exceed 550 mL"])
    b.ask("definition", "Visit windows are counted around the target Study Day. What counts as Study Day 1?",
          "The day of the first dose of investigational product (there is no Day 0).",
          evidence=["the day of the first dose of investigational product"])
    b.ask("footnote", "Can the window for a follow-up visit be stretched if the participant is away?",
          "From V25 on, by a further 7 days with written approval from the medical monitor.",
          evidence=["written approval from the medical monitor"])
    b.ask("cross_section", "V9's PK profile ran late. Do we just keep V10 on its planned day?",
          "Later visits normally stay relative to Day 1, but V10 must be at least 48 hours after the end of the V9 PK "
          "profile, even if that takes V10 out of window.",
          evidence=["later visits remain scheduled relative to Study Day 1",
                    "V10 must be at least 48 hours after the end of the V9 PK profile"])
    b.ask("header_footer", "Which protocol version is this schedule from?",
          "Version 3.0 of 14 August 2026.", evidence=["Version 3.0 of 14 August 2026"])
    return b.finish(header="Protocol VRX-207 · Version 3.0 of 14 August 2026 · Sponsor: Veyrax Therapeutics",
                    footer="Confidential: for investigator sites only.")
