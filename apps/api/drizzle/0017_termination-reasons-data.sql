-- Termination reasons and sub-reasons every installation starts with (decision 031).
INSERT INTO "termination_reasons" ("id_motif", "id_motif_parent", "libelle", "pro", "exoneration_frais", "justificatif", "portabilite", "ordre") VALUES
  (1, NULL, 'Décès du titulaire de la ligne', false, true, 'acte de décès du titulaire de la ligne', false, 1),
  (2, NULL, 'Autre motif', false, false, NULL, false, 2),
  (21, 2, 'Offre d’un autre opérateur, sans garder le numéro', false, false, NULL, false, 1),
  (22, 2, 'Je ne souhaite pas préciser', false, false, NULL, false, 2),
  (101, NULL, 'Cessation d’activité de l’entreprise', true, false, NULL, false, 1),
  (1011, 101, 'Liquidation judiciaire', true, true, 'extrait Kbis de moins de 3 mois mentionnant la liquidation judiciaire, ou jugement d’ouverture de la procédure', false, 1),
  (1012, 101, 'Dissolution amiable', true, false, NULL, false, 2),
  (1013, 101, 'Départ à la retraite du dirigeant', true, false, NULL, false, 3),
  (102, NULL, 'Déménagement de l’entreprise à l’étranger', true, true, 'justificatif du transfert de l’entreprise à l’étranger (extrait Kbis ou attestation d’immatriculation à l’étranger)', false, 2),
  (103, NULL, 'Changement d’opérateur avec portabilité du numéro', true, false, NULL, true, 3),
  (104, NULL, 'Ligne plus utilisée', true, false, NULL, false, 4),
  (1041, 104, 'Départ du collaborateur qui l’utilisait', true, false, NULL, false, 1),
  (1042, 104, 'Ligne en double', true, false, NULL, false, 2),
  (1043, 104, 'Réduction de la flotte', true, false, NULL, false, 3),
  (105, NULL, 'Insatisfaction', true, false, NULL, false, 5),
  (1051, 105, 'Couverture ou qualité du réseau', true, false, NULL, false, 1),
  (1052, 105, 'Prix de l’offre', true, false, NULL, false, 2),
  (1053, 105, 'Service client', true, false, NULL, false, 3)
ON CONFLICT ("id_motif") DO NOTHING;
