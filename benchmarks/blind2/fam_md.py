"""Two Markdown documents: a hospital pharmacy formulary and a laboratory chemical-safety SOP."""

from __future__ import annotations

from ._common import Family, add_table, builder

FORM_HEAD = ("Drug", "Form and strength", "Formulary status", "Restriction", "Adult dose (usual)", "Cost per pack (GBP)")


def formulary() -> Family:
    b = builder("st_aldhelm_formulary_ch5", "md", "St Aldhelm's Hospital Trust — Formulary, Chapter 5: Infections", 8111, "clinical")
    b.heading("5.0 How to read this chapter")
    b.para("Each entry shows the formulary status. \u201cGreen\u201d drugs may be prescribed by any prescriber. \u201cAmber\u201d "
           "drugs need approval from the on-call microbiologist within 24 hours of the first dose. \u201cRed\u201d drugs are "
           "restricted to named specialists and must be approved before the first dose.")
    b.para("\u201cIV-to-oral Switch Review\u201d means the review at 48 hours of every intravenous antibiotic against the "
           "criteria in section 5.6.")
    b.filler(2)
    b.heading("5.1 Antibacterial drugs")
    drugs = [
        ("Amoxicillin", "Capsules 500 mg", "Green", "None", "500 mg three times daily", "1.12"),
        ("Co-amoxiclav", "Tablets 625 mg", "Green", "None", "625 mg three times daily", "2.48"),
        ("Co-amoxiclav", "Injection 1.2 g", "Green", "IV-to-oral Switch Review", "1.2 g every 8 hours", "14.60"),
        ("Flucloxacillin", "Capsules 500 mg", "Green", "None", "500 mg\u20131 g four times daily", "3.05"),
        ("Piperacillin with tazobactam", "Injection 4.5 g", "Amber", "Sepsis of unknown source, neutropenia", "4.5 g every 8 hours", "61.20"),
        ("Meropenem", "Injection 1 g", "Red", "Infectious diseases consultant only", "1 g every 8 hours", "88.90"),
        ("Ertapenem", "Injection 1 g", "Red", "OPAT service only", "1 g once daily", "31.75"),
        ("Ceftriaxone", "Injection 2 g", "Amber", "Meningitis, OPAT", "2 g once daily", "9.84"),
        ("Cefalexin", "Capsules 500 mg", "Green", "None", "500 mg two to three times daily", "1.96"),
        ("Clarithromycin", "Tablets 500 mg", "Green", "None", "500 mg twice daily", "3.41"),
        ("Azithromycin", "Tablets 500 mg", "Amber", "Cystic fibrosis clinic", "500 mg three times weekly", "4.77"),
        ("Doxycycline", "Capsules 100 mg", "Green", "None", "200 mg on day 1, then 100 mg daily", "2.09"),
        ("Gentamicin", "Injection 80 mg/2 mL", "Amber", "Therapeutic drug monitoring required", "5\u20137 mg/kg once daily", "7.30"),
        ("Amikacin", "Injection 500 mg/2 mL", "Red", "Microbiology approval; mycobacterial infection", "15 mg/kg once daily", "42.10"),
        ("Vancomycin", "Injection 1 g", "Amber", "Therapeutic drug monitoring required", "Per vancomycin calculator", "12.65"),
        ("Teicoplanin", "Injection 400 mg", "Amber", "OPAT, bone and joint infection", "6 mg/kg every 12 hours for 3 doses", "24.80"),
        ("Linezolid", "Tablets 600 mg", "Red", "Microbiology approval; maximum 28 days", "600 mg twice daily", "44.50"),
        ("Daptomycin", "Injection 500 mg", "Red", "Infectious diseases consultant only", "6\u201310 mg/kg once daily", "96.00"),
        ("Clindamycin", "Capsules 300 mg", "Green", "None", "300\u2013450 mg four times daily", "5.18"),
        ("Metronidazole", "Tablets 400 mg", "Green", "None", "400 mg three times daily", "1.33"),
        ("Nitrofurantoin", "Modified-release capsules 100 mg", "Green", "Avoid if eGFR below 45", "100 mg twice daily", "6.70"),
        ("Trimethoprim", "Tablets 200 mg", "Green", "None", "200 mg twice daily", "0.95"),
        ("Fosfomycin", "Granules 3 g", "Amber", "Multi-resistant urinary infection", "3 g single dose", "4.86"),
        ("Ciprofloxacin", "Tablets 500 mg", "Amber", "Microbiology approval", "500 mg twice daily", "1.57"),
        ("Levofloxacin", "Tablets 500 mg", "Red", "Respiratory consultant only", "500 mg once or twice daily", "8.22"),
        ("Temocillin", "Injection 1 g", "Red", "Microbiology approval; ESBL infection", "2 g every 12 hours", "39.40"),
        ("Colistimethate", "Nebuliser powder 1 million units", "Red", "Cystic fibrosis clinic", "1\u20132 million units twice daily", "57.25"),
        ("Rifampicin", "Capsules 300 mg", "Amber", "Combination therapy only", "600 mg daily", "10.55"),
    ]
    add_table(b, FORM_HEAD, [list(d) for d in drugs])
    b.filler(1)
    b.heading("5.2 Antifungal drugs")
    fungi = [("Fluconazole", "Capsules 150 mg", "Green", "None", "150 mg single dose", "0.88"),
             ("Posaconazole", "Tablets 100 mg", "Red", "Haematology only", "300 mg daily", "412.00"),
             ("Caspofungin", "Injection 50 mg", "Red", "Haematology and ICU only", "70 mg day 1, then 50 mg daily", "182.40"),
             ("Nystatin", "Oral suspension 100,000 units/mL", "Green", "None", "1 mL four times daily", "2.01")]
    add_table(b, FORM_HEAD, [list(d) for d in fungi])
    b.filler(1)
    b.heading("5.3 Penicillin allergy")
    b.para("Patients with a documented anaphylaxis to penicillin must not receive any drug in the penicillin group; for "
           "surgical prophylaxis in these patients use teicoplanin, subject to the Red and Amber rules in section 5.0.")
    b.filler(1)
    b.heading("5.4 Gentamicin monitoring")
    b.para("Take a level 6 to 14 hours after the start of the first infusion and plot it on the Hartford nomogram",
           b.footnote("The Hartford nomogram is valid only for the 7 mg/kg regimen; for 5 mg/kg use the Trust's online calculator."), ".")
    b.filler(1)
    b.heading("5.5 Supply")
    b.para("Red drugs are dispensed only against an approval number from the microbiology on-call system, prefixed MB-.")
    b.para("Out of hours, Amber and Red injections are held in the emergency drug cupboard on ward C4.")
    b.filler(1)
    b.heading("5.6 Switch criteria")
    b.para("Switch to oral therapy when the patient has been afebrile for 24 hours, can swallow, and has a falling CRP; "
           "exclude endocarditis, meningitis and deep abscess.")
    b.filler(1)
    H = list(FORM_HEAD)
    red = [d for d in drugs if d[2] == "Red"]
    b.ask("table_multi", "Which antibacterials are Red-listed, and who can use them?", "; ".join(f"{d[0]}: {d[3]}" for d in red),
          rows=[(d[0], "Red", d[3]) for d in red], header=H)
    tdm = [d for d in drugs if d[3] == "Therapeutic drug monitoring required"]
    b.ask("table_multi", "list every drug that needs therapeutic drug monitoring", ", ".join(d[0] for d in tdm),
          rows=[(d[0], d[3]) for d in tdm], header=H)
    uti = [d for d in drugs if d[0] in ("Nitrofurantoin", "Trimethoprim", "Fosfomycin")]
    b.ask("table_multi", "For the three urinary agents (nitrofurantoin, trimethoprim, fosfomycin) give status, usual dose and pack cost.",
          "; ".join(f"{d[0]} {d[2]} {d[4]} {d[5]}" for d in uti), rows=[(d[0], d[2], d[4], d[5]) for d in uti], header=H)
    b.ask("table_multi", "What antifungals are on the formulary and at what status?", "; ".join(f"{d[0]} {d[2]}" for d in fungi),
          rows=[(d[0], d[2]) for d in fungi], header=H)
    cf = [d for d in drugs if d[3] == "Cystic fibrosis clinic"]
    b.ask("table_multi", "Which drugs are restricted to the cystic fibrosis clinic?", ", ".join(d[0] for d in cf),
          rows=[(d[0], "Cystic fibrosis clinic") for d in cf], header=H)
    b.ask("table_tail", "What does a pack of rifampicin cost?", "GBP 10.55", rows=[("Rifampicin", "10.55")], header=H)
    b.ask("table_tail", "Usual adult dose of temocillin?", "2 g every 12 hours", rows=[("Temocillin", "2 g every 12 hours")], header=H)
    b.ask("table_tail", "Is colistimethate restricted?", "Red; cystic fibrosis clinic only.",
          rows=[("Colistimethate", "Red", "Cystic fibrosis clinic")], header=H)
    b.ask("definition", "A registrar started piperacillin with tazobactam overnight. What approval is needed and by when?",
          "It is Amber: approval from the on-call microbiologist within 24 hours of the first dose.",
          rows=[("Piperacillin with tazobactam", "Amber")],
          evidence=["need approval from the on-call microbiologist within 24 hours of the first dose"])
    b.ask("definition", "When must IV co-amoxiclav be reviewed for a switch to tablets, and against what?",
          "At 48 hours (IV-to-oral Switch Review) against the section 5.6 criteria: afebrile 24 h, can swallow, falling CRP.",
          evidence=["review at 48 hours of every intravenous antibiotic", "afebrile for 24 hours, can swallow, and has a falling CRP"])
    b.ask("cross_section", "A penicillin-anaphylactic patient needs surgical prophylaxis. What do we give, and is approval needed first?",
          "Teicoplanin; it is Amber, so microbiology approval within 24 hours of the first dose.",
          evidence=["use teicoplanin, subject to the Red and Amber rules in section 5.0",
                    "need approval from the on-call microbiologist within 24 hours of the first dose"],
          rows=[("Teicoplanin", "Amber")])
    b.ask("footnote", "Can I use the Hartford nomogram for a 5 mg/kg gentamicin dose?", "No; it is valid only for 7 mg/kg — use the online calculator.",
          evidence=["valid only for the 7 mg/kg regimen"])
    b.ask("plain", "Where are Red injections kept out of hours?", "In the emergency drug cupboard on ward C4.",
          evidence=["emergency drug cupboard on ward C4"])
    b.ask("plain", "What prefix do microbiology approval numbers have?", "MB-", evidence=["prefixed MB-"])
    b.ask("header_footer", "What version of the infections chapter is this and when was it ratified?",
          "Version 11.3, ratified 21 October 2026.", evidence=["version 11.3, ratified by the Drugs and Therapeutics Committee on 21 October 2026"])
    return b.finish(header="St Aldhelm's Hospital Trust \u2014 Formulary chapter 5 \u2014 version 11.3, ratified by the Drugs "
                           "and Therapeutics Committee on 21 October 2026",
                    footer="Printed copies are uncontrolled; check the intranet formulary before prescribing.")


HAZ_HEAD = ("Chemical", "CAS number", "Hazard class", "Storage group", "Max. quantity at bench", "Waste stream")


def lab_sop() -> Family:
    b = builder("veldhoven_lab_chemical_safety_sop", "md", "Veldhoven Institute — SOP-CHS-014: Handling Hazardous Chemicals", 8212, "technical")
    b.heading("1. Purpose and scope")
    b.para("This procedure applies to every person working in the wet laboratories of the Veldhoven Institute for Materials Chemistry, buildings 3 and 5.")
    b.filler(2)
    b.heading("2. Definitions")
    b.para("\u201cResponsible Person\u201d means the group leader named on the laboratory door sign, who signs every risk assessment.")
    b.para("\u201cLone Working\u201d means working in a laboratory when no other person is within call in the same building; "
           "it is forbidden with any chemical in storage group 4 or 6.")
    b.para("\u201cFume Cupboard Face Velocity\u201d means the average air speed through the open sash, which must be at least 0.4 m/s.")
    b.filler(1)
    b.heading("3. Chemical register (extract)")
    chem = [
        ("Acetone", "67-64-1", "Flammable liquid 2", "3 (flammables)", "2.5 L", "Non-halogenated solvent"),
        ("Acetonitrile", "75-05-8", "Flammable liquid 2; acute tox. 4", "3 (flammables)", "1 L", "Non-halogenated solvent"),
        ("Dichloromethane", "75-09-2", "Carcinogen 2", "5 (toxic)", "1 L", "Halogenated solvent"),
        ("Chloroform", "67-66-3", "Acute tox. 3; carcinogen 2", "5 (toxic)", "500 mL", "Halogenated solvent"),
        ("Diethyl ether", "60-29-7", "Flammable liquid 1", "3 (flammables)", "500 mL", "Non-halogenated solvent"),
        ("Tetrahydrofuran", "109-99-9", "Flammable liquid 2; carcinogen 2", "3 (flammables)", "1 L", "Non-halogenated solvent"),
        ("Sulfuric acid 96 %", "7664-93-9", "Skin corrosion 1A", "8 (acids)", "1 L", "Acid waste"),
        ("Nitric acid 65 %", "7697-37-2", "Oxidising liquid 3; skin corrosion 1A", "8 (acids)", "500 mL", "Separate oxidising acid waste"),
        ("Hydrofluoric acid 40 %", "7664-39-3", "Acute tox. 1; skin corrosion 1A", "6 (very toxic)", "100 mL", "Collected by safety officer"),
        ("Sodium hydroxide", "1310-73-2", "Skin corrosion 1A", "9 (bases)", "1 kg", "Base waste"),
        ("Ammonia solution 25 %", "1336-21-6", "Skin corrosion 1B", "9 (bases)", "1 L", "Base waste"),
        ("Sodium azide", "26628-22-8", "Acute tox. 2", "6 (very toxic)", "25 g", "Collected by safety officer"),
        ("Potassium cyanide", "151-50-8", "Acute tox. 1", "6 (very toxic)", "10 g", "Collected by safety officer"),
        ("n-Butyllithium 2.5 M in hexanes", "109-72-8", "Pyrophoric liquid 1", "4 (pyrophorics)", "100 mL", "Quench before disposal"),
        ("Sodium metal", "7440-23-5", "Water-reactive 1", "4 (pyrophorics)", "50 g", "Quench before disposal"),
        ("Lithium aluminium hydride", "16853-85-3", "Water-reactive 1", "4 (pyrophorics)", "25 g", "Quench before disposal"),
        ("Hydrogen peroxide 30 %", "7722-84-1", "Oxidising liquid 1", "7 (oxidisers)", "500 mL", "Separate oxidiser waste"),
        ("Potassium permanganate", "7722-64-7", "Oxidising solid 2", "7 (oxidisers)", "250 g", "Separate oxidiser waste"),
        ("Osmium tetroxide", "20816-12-0", "Acute tox. 1", "6 (very toxic)", "1 g", "Collected by safety officer"),
        ("Mercury", "7439-97-6", "Acute tox. 2; STOT RE 1", "6 (very toxic)", "10 mL", "Mercury waste"),
        ("Toluene", "108-88-3", "Flammable liquid 2; reprotox. 2", "3 (flammables)", "2.5 L", "Non-halogenated solvent"),
        ("Hexane", "110-54-3", "Flammable liquid 2; reprotox. 2", "3 (flammables)", "2.5 L", "Non-halogenated solvent"),
        ("Phenol", "108-95-2", "Acute tox. 3; skin corrosion 1B", "5 (toxic)", "250 g", "Halogen-free toxic waste"),
        ("Formaldehyde 37 %", "50-00-0", "Carcinogen 1B", "5 (toxic)", "500 mL", "Halogen-free toxic waste"),
        ("Acrylamide", "79-06-1", "Carcinogen 1B; mutagen 1B", "5 (toxic)", "100 g", "Halogen-free toxic waste"),
        ("Trifluoroacetic acid", "76-05-1", "Skin corrosion 1A", "8 (acids)", "250 mL", "Acid waste"),
        ("Ethidium bromide", "1239-45-8", "Mutagen 2", "5 (toxic)", "10 mL", "Halogen-free toxic waste"),
        ("Liquid nitrogen", "7727-37-9", "Refrigerated liquefied gas", "Dewar store", "25 L", "Not applicable"),
    ]
    add_table(b, HAZ_HEAD, [list(c) for c in chem])
    b.filler(1)
    b.heading("4. Before starting work")
    b.para("Every new procedure needs a written risk assessment signed by the Responsible Person before the first experiment.")
    b.para("Check the fume cupboard's monitor; if the alarm sounds or the reading is below the required Fume Cupboard Face Velocity, stop work.")
    b.filler(1)
    b.heading("5. Personal protective equipment")
    b.para("Nitrile gloves are the default; use neoprene gloves over nitrile for hydrofluoric acid and butyl gloves for "
           "concentrated nitric acid.", b.footnote("Glove breakthrough times are taken from the Ansell chemical resistance guide, 8th edition."))
    b.para("A face shield is worn over safety glasses when transferring more than 500 mL of any corrosive.")
    b.filler(1)
    b.heading("6. Working hours")
    b.para("Work outside 07:00\u201319:00 requires permission from the Responsible Person and is subject to the Lone Working rule in section 2.")
    b.filler(1)
    b.heading("7. Spills and exposure")
    b.para("Calcium gluconate gel 2.5 % is kept in every laboratory that stores hydrofluoric acid; apply it after 5 minutes of rinsing.")
    b.para("Report every spill above 100 mL to the safety desk on extension 4411.", b.footnote(
        "Spills of any quantity of mercury or osmium tetroxide are always reported, whatever the volume."))
    b.filler(1)
    H = list(HAZ_HEAD)
    pyro = [c for c in chem if c[3].startswith("4 ")]
    b.ask("table_multi", "Which chemicals in the register are in storage group 4, and what is the bench limit for each?",
          "; ".join(f"{c[0]} {c[4]}" for c in pyro), rows=[(c[0], c[3], c[4]) for c in pyro], header=H)
    so = [c for c in chem if c[5] == "Collected by safety officer"]
    b.ask("table_multi", "For which chemicals does the safety officer collect the waste personally? Give all of them.", ", ".join(c[0] for c in so),
          rows=[(c[0], "Collected by safety officer") for c in so], header=H)
    carc = [c for c in chem if "arcinogen" in c[2]]
    b.ask("table_multi", "Name every carcinogen on the register with its hazard class.", "; ".join(f"{c[0]} ({c[2]})" for c in carc),
          rows=[(c[0], c[2]) for c in carc], header=H)
    halo = [c for c in chem if c[5] == "Halogenated solvent"]
    b.ask("table_multi", "What goes into the halogenated solvent waste?", ", ".join(c[0] for c in halo),
          rows=[(c[0], "Halogenated solvent") for c in halo], header=H)
    b.ask("table_tail", "How much liquid nitrogen may be kept at the bench?", "25 L", rows=[("Liquid nitrogen", "25 L")], header=H)
    b.ask("table_tail", "ethidium bromide — waste route?", "Halogen-free toxic waste", rows=[("Ethidium bromide", "Halogen-free toxic waste")], header=H)
    b.ask("table_tail", "What is the CAS number of trifluoroacetic acid?", "76-05-1", rows=[("Trifluoroacetic acid", "76-05-1")], header=H)
    b.ask("cross_section", "Can a postdoc work alone at 21:00 with sodium azide if the group leader agrees?",
          "No: out-of-hours work is subject to the Lone Working rule, which forbids lone working with storage group 6 chemicals (sodium azide is group 6).",
          evidence=["subject to the Lone Working rule in section 2", "it is forbidden with any chemical in storage group 4 or 6"],
          rows=[("Sodium azide", "6 (very toxic)")])
    b.ask("definition", "What minimum air speed must the fume cupboard reach before I may work in it?", "At least 0.4 m/s through the open sash.",
          evidence=["must be at least 0.4 m/s"])
    b.ask("definition", "Who has to sign my risk assessment?", "The Responsible Person: the group leader named on the laboratory door sign.",
          evidence=["the group leader named on the laboratory door sign"])
    b.ask("footnote", "Where do the glove breakthrough times come from?", "The Ansell chemical resistance guide, 8th edition.",
          evidence=["Ansell chemical resistance guide, 8th edition"])
    b.ask("footnote", "Do I have to report a 20 mL mercury spill?", "Yes; any mercury spill is always reported regardless of volume.",
          evidence=["Spills of any quantity of mercury or osmium tetroxide are always reported"])
    b.ask("plain", "Which gloves do I wear for hydrofluoric acid?", "Neoprene over nitrile.",
          evidence=["use neoprene gloves over nitrile for hydrofluoric acid"])
    b.ask("plain", "What's the extension for reporting spills?", "4411", evidence=["extension 4411"])
    b.ask("plain", "When do I apply calcium gluconate gel after an HF splash?", "After 5 minutes of rinsing.",
          evidence=["apply it after 5 minutes of rinsing"])
    b.ask("header_footer", "Which revision of SOP-CHS-014 is this, and from when does it apply?", "Revision F, effective 1 January 2027.",
          evidence=["SOP-CHS-014 revision F \u2014 effective 1 January 2027"])
    return b.finish(header="SOP-CHS-014 revision F \u2014 effective 1 January 2027 \u2014 owner: Institute Safety Officer",
                    footer="Next review due December 2028 \u2014 Veldhoven Institute for Materials Chemistry")
