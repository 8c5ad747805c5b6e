(define (domain helltaker-domain)
 (:requirements :strips :typing :negative-preconditions :action-costs)
 (:types flag cell dir parity)
 (:constants
   yes - flag
 )
 (:predicates 
             (won ?a0 - flag)
             (hero ?a0_0 - cell)
             (adjacent ?a0_0 - cell ?a1 - cell ?a2 - dir)
             (occupied ?a0_0 - cell)
             (calm ?a0_0 - cell ?a1_0 - parity)
             (key_at ?a0_0 - cell ?a1_1 - flag)
             (goal_at ?a0_0 - cell ?a1_1 - flag)
             (phase ?a0_1 - parity)
             (flip ?a0_1 - parity ?a1_0 - parity)
             (doomed ?a0_0 - cell)
             (skeleton ?a0_0 - cell)
             (doom_site ?a0_0 - cell ?a1_0 - parity ?a2_0 - cell)
             (limbo ?a0_1 - parity ?a1 - cell)
             (has_key ?a0 - flag)
             (hurts ?a0_0 - cell ?a1_0 - parity)
             (locked ?a0_0 - cell)
             (boulder ?a0_0 - cell)
             (holds ?a0_0 - cell)
             (dooms ?a0_0 - cell ?a1_0 - parity)
 )
 (:functions 
             (total-cost)
 )
 (:action step_calm
  :parameters ( ?h - cell ?n - cell ?dir - dir ?p - parity ?q - parity ?d - cell ?z - cell ?k - flag ?g - flag)
  :precondition (and (not (won yes)) (hero ?h) (adjacent ?h ?n ?dir) (not (occupied ?n)) (calm ?n ?p) (key_at ?n ?k) (goal_at ?n ?g) (phase ?p) (flip ?p ?q) (doomed ?d) (skeleton ?d) (occupied ?d) (doom_site ?h ?p ?d) (limbo ?q ?z))
  :effect (and (not (hero ?h)) (hero ?n) (has_key ?k) (won ?g) (not (phase ?p)) (phase ?q) (not (doomed ?d)) (not (skeleton ?d)) (not (occupied ?d)) (doomed ?z) (skeleton ?z) (occupied ?z) (increase (total-cost) 1)))
 (:action step_hurt
  :parameters ( ?h - cell ?n - cell ?dir - dir ?p - parity ?q - parity ?d - cell ?z - cell ?k - flag ?g - flag)
  :precondition (and (not (won yes)) (hero ?h) (adjacent ?h ?n ?dir) (not (occupied ?n)) (hurts ?n ?p) (key_at ?n ?k) (goal_at ?n ?g) (phase ?p) (flip ?p ?q) (doomed ?d) (skeleton ?d) (occupied ?d) (doom_site ?h ?p ?d) (limbo ?q ?z))
  :effect (and (not (hero ?h)) (hero ?n) (has_key ?k) (won ?g) (not (phase ?p)) (phase ?q) (not (doomed ?d)) (not (skeleton ?d)) (not (occupied ?d)) (doomed ?z) (skeleton ?z) (occupied ?z) (increase (total-cost) 2)))
 (:action bump_lock_calm
  :parameters ( ?h - cell ?l - cell ?dir - dir ?p - parity ?q - parity ?d - cell ?z - cell)
  :precondition (and (not (won yes)) (hero ?h) (adjacent ?h ?l ?dir) (locked ?l) (not (has_key yes)) (calm ?h ?p) (phase ?p) (flip ?p ?q) (doomed ?d) (skeleton ?d) (occupied ?d) (doom_site ?h ?p ?d) (limbo ?q ?z))
  :effect (and (not (phase ?p)) (phase ?q) (not (doomed ?d)) (not (skeleton ?d)) (not (occupied ?d)) (doomed ?z) (skeleton ?z) (occupied ?z) (increase (total-cost) 1)))
 (:action bump_lock_hurt
  :parameters ( ?h - cell ?l - cell ?dir - dir ?p - parity ?q - parity ?d - cell ?z - cell)
  :precondition (and (not (won yes)) (hero ?h) (adjacent ?h ?l ?dir) (locked ?l) (not (has_key yes)) (hurts ?h ?p) (phase ?p) (flip ?p ?q) (doomed ?d) (skeleton ?d) (occupied ?d) (doom_site ?h ?p ?d) (limbo ?q ?z))
  :effect (and (not (phase ?p)) (phase ?q) (not (doomed ?d)) (not (skeleton ?d)) (not (occupied ?d)) (doomed ?z) (skeleton ?z) (occupied ?z) (increase (total-cost) 2)))
 (:action open_lock
  :parameters ( ?h - cell ?l - cell ?dir - dir ?p - parity ?q - parity ?d - cell ?z - cell ?g - flag)
  :precondition (and (not (won yes)) (hero ?h) (adjacent ?h ?l ?dir) (locked ?l) (occupied ?l) (has_key yes) (calm ?l ?p) (goal_at ?l ?g) (phase ?p) (flip ?p ?q) (doomed ?d) (skeleton ?d) (occupied ?d) (doom_site ?h ?p ?d) (limbo ?q ?z))
  :effect (and (not (hero ?h)) (hero ?l) (not (locked ?l)) (not (occupied ?l)) (won ?g) (not (phase ?p)) (phase ?q) (not (doomed ?d)) (not (skeleton ?d)) (not (occupied ?d)) (doomed ?z) (skeleton ?z) (occupied ?z) (increase (total-cost) 1)))
 (:action kick_boulder_calm
  :parameters ( ?h - cell ?b - cell ?m - cell ?dir - dir ?p - parity ?q - parity ?d - cell ?z - cell)
  :precondition (and (not (won yes)) (hero ?h) (adjacent ?h ?b ?dir) (boulder ?b) (occupied ?b) (adjacent ?b ?m ?dir) (not (occupied ?m)) (calm ?h ?p) (phase ?p) (flip ?p ?q) (doomed ?d) (skeleton ?d) (occupied ?d) (doom_site ?h ?p ?d) (limbo ?q ?z))
  :effect (and (not (boulder ?b)) (not (occupied ?b)) (boulder ?m) (occupied ?m) (not (phase ?p)) (phase ?q) (not (doomed ?d)) (not (skeleton ?d)) (not (occupied ?d)) (doomed ?z) (skeleton ?z) (occupied ?z) (increase (total-cost) 1)))
 (:action kick_boulder_hurt
  :parameters ( ?h - cell ?b - cell ?m - cell ?dir - dir ?p - parity ?q - parity ?d - cell ?z - cell)
  :precondition (and (not (won yes)) (hero ?h) (adjacent ?h ?b ?dir) (boulder ?b) (occupied ?b) (adjacent ?b ?m ?dir) (not (occupied ?m)) (hurts ?h ?p) (phase ?p) (flip ?p ?q) (doomed ?d) (skeleton ?d) (occupied ?d) (doom_site ?h ?p ?d) (limbo ?q ?z))
  :effect (and (not (boulder ?b)) (not (occupied ?b)) (boulder ?m) (occupied ?m) (not (phase ?p)) (phase ?q) (not (doomed ?d)) (not (skeleton ?d)) (not (occupied ?d)) (doomed ?z) (skeleton ?z) (occupied ?z) (increase (total-cost) 2)))
 (:action kick_boulder_stuck_calm
  :parameters ( ?h - cell ?b - cell ?m - cell ?dir - dir ?p - parity ?q - parity ?d - cell ?z - cell)
  :precondition (and (not (won yes)) (hero ?h) (adjacent ?h ?b ?dir) (boulder ?b) (adjacent ?b ?m ?dir) (occupied ?m) (calm ?h ?p) (phase ?p) (flip ?p ?q) (doomed ?d) (skeleton ?d) (occupied ?d) (doom_site ?h ?p ?d) (limbo ?q ?z))
  :effect (and (not (phase ?p)) (phase ?q) (not (doomed ?d)) (not (skeleton ?d)) (not (occupied ?d)) (doomed ?z) (skeleton ?z) (occupied ?z) (increase (total-cost) 1)))
 (:action kick_boulder_stuck_hurt
  :parameters ( ?h - cell ?b - cell ?m - cell ?dir - dir ?p - parity ?q - parity ?d - cell ?z - cell)
  :precondition (and (not (won yes)) (hero ?h) (adjacent ?h ?b ?dir) (boulder ?b) (adjacent ?b ?m ?dir) (occupied ?m) (hurts ?h ?p) (phase ?p) (flip ?p ?q) (doomed ?d) (skeleton ?d) (occupied ?d) (doom_site ?h ?p ?d) (limbo ?q ?z))
  :effect (and (not (phase ?p)) (phase ?q) (not (doomed ?d)) (not (skeleton ?d)) (not (occupied ?d)) (doomed ?z) (skeleton ?z) (occupied ?z) (increase (total-cost) 2)))
 (:action kick_skeleton_calm
  :parameters ( ?h - cell ?s - cell ?m - cell ?dir - dir ?p - parity ?q - parity ?d - cell ?z - cell)
  :precondition (and (not (won yes)) (hero ?h) (adjacent ?h ?s ?dir) (skeleton ?s) (occupied ?s) (adjacent ?s ?m ?dir) (not (occupied ?m)) (holds ?m) (calm ?h ?p) (phase ?p) (flip ?p ?q) (doomed ?d) (skeleton ?d) (occupied ?d) (doom_site ?h ?p ?d) (limbo ?q ?z))
  :effect (and (not (skeleton ?s)) (not (occupied ?s)) (skeleton ?m) (occupied ?m) (not (phase ?p)) (phase ?q) (not (doomed ?d)) (not (skeleton ?d)) (not (occupied ?d)) (doomed ?z) (skeleton ?z) (occupied ?z) (increase (total-cost) 1)))
 (:action kick_skeleton_hurt
  :parameters ( ?h - cell ?s - cell ?m - cell ?dir - dir ?p - parity ?q - parity ?d - cell ?z - cell)
  :precondition (and (not (won yes)) (hero ?h) (adjacent ?h ?s ?dir) (skeleton ?s) (occupied ?s) (adjacent ?s ?m ?dir) (not (occupied ?m)) (holds ?m) (hurts ?h ?p) (phase ?p) (flip ?p ?q) (doomed ?d) (skeleton ?d) (occupied ?d) (doom_site ?h ?p ?d) (limbo ?q ?z))
  :effect (and (not (skeleton ?s)) (not (occupied ?s)) (skeleton ?m) (occupied ?m) (not (phase ?p)) (phase ?q) (not (doomed ?d)) (not (skeleton ?d)) (not (occupied ?d)) (doomed ?z) (skeleton ?z) (occupied ?z) (increase (total-cost) 2)))
 (:action kick_skeleton_doomed_calm
  :parameters ( ?h - cell ?s - cell ?m - cell ?dir - dir ?p - parity ?q - parity ?d - cell)
  :precondition (and (not (won yes)) (hero ?h) (adjacent ?h ?s ?dir) (skeleton ?s) (occupied ?s) (adjacent ?s ?m ?dir) (not (occupied ?m)) (dooms ?m ?p) (calm ?h ?p) (phase ?p) (flip ?p ?q) (doomed ?d) (skeleton ?d) (occupied ?d) (doom_site ?h ?p ?d))
  :effect (and (not (skeleton ?s)) (not (occupied ?s)) (skeleton ?m) (occupied ?m) (doomed ?m) (not (phase ?p)) (phase ?q) (not (doomed ?d)) (not (skeleton ?d)) (not (occupied ?d)) (increase (total-cost) 1)))
 (:action kick_skeleton_doomed_hurt
  :parameters ( ?h - cell ?s - cell ?m - cell ?dir - dir ?p - parity ?q - parity ?d - cell)
  :precondition (and (not (won yes)) (hero ?h) (adjacent ?h ?s ?dir) (skeleton ?s) (occupied ?s) (adjacent ?s ?m ?dir) (not (occupied ?m)) (dooms ?m ?p) (hurts ?h ?p) (phase ?p) (flip ?p ?q) (doomed ?d) (skeleton ?d) (occupied ?d) (doom_site ?h ?p ?d))
  :effect (and (not (skeleton ?s)) (not (occupied ?s)) (skeleton ?m) (occupied ?m) (doomed ?m) (not (phase ?p)) (phase ?q) (not (doomed ?d)) (not (skeleton ?d)) (not (occupied ?d)) (increase (total-cost) 2)))
 (:action kick_skeleton_dies_calm
  :parameters ( ?h - cell ?s - cell ?m - cell ?dir - dir ?p - parity ?q - parity ?d - cell ?z - cell)
  :precondition (and (not (won yes)) (hero ?h) (adjacent ?h ?s ?dir) (skeleton ?s) (occupied ?s) (adjacent ?s ?m ?dir) (not (occupied ?m)) (hurts ?m ?p) (calm ?h ?p) (phase ?p) (flip ?p ?q) (doomed ?d) (skeleton ?d) (occupied ?d) (doom_site ?h ?p ?d) (limbo ?q ?z))
  :effect (and (not (skeleton ?s)) (not (occupied ?s)) (not (phase ?p)) (phase ?q) (not (doomed ?d)) (not (skeleton ?d)) (not (occupied ?d)) (doomed ?z) (skeleton ?z) (occupied ?z) (increase (total-cost) 1)))
 (:action kick_skeleton_dies_hurt
  :parameters ( ?h - cell ?s - cell ?m - cell ?dir - dir ?p - parity ?q - parity ?d - cell ?z - cell)
  :precondition (and (not (won yes)) (hero ?h) (adjacent ?h ?s ?dir) (skeleton ?s) (occupied ?s) (adjacent ?s ?m ?dir) (not (occupied ?m)) (hurts ?m ?p) (hurts ?h ?p) (phase ?p) (flip ?p ?q) (doomed ?d) (skeleton ?d) (occupied ?d) (doom_site ?h ?p ?d) (limbo ?q ?z))
  :effect (and (not (skeleton ?s)) (not (occupied ?s)) (not (phase ?p)) (phase ?q) (not (doomed ?d)) (not (skeleton ?d)) (not (occupied ?d)) (doomed ?z) (skeleton ?z) (occupied ?z) (increase (total-cost) 2)))
 (:action crush_skeleton_calm
  :parameters ( ?h - cell ?s - cell ?m - cell ?dir - dir ?p - parity ?q - parity ?d - cell ?z - cell)
  :precondition (and (not (won yes)) (hero ?h) (adjacent ?h ?s ?dir) (skeleton ?s) (occupied ?s) (adjacent ?s ?m ?dir) (occupied ?m) (calm ?h ?p) (phase ?p) (flip ?p ?q) (doomed ?d) (skeleton ?d) (occupied ?d) (doom_site ?h ?p ?d) (limbo ?q ?z))
  :effect (and (not (skeleton ?s)) (not (occupied ?s)) (not (phase ?p)) (phase ?q) (not (doomed ?d)) (not (skeleton ?d)) (not (occupied ?d)) (doomed ?z) (skeleton ?z) (occupied ?z) (increase (total-cost) 1)))
 (:action crush_skeleton_hurt
  :parameters ( ?h - cell ?s - cell ?m - cell ?dir - dir ?p - parity ?q - parity ?d - cell ?z - cell)
  :precondition (and (not (won yes)) (hero ?h) (adjacent ?h ?s ?dir) (skeleton ?s) (occupied ?s) (adjacent ?s ?m ?dir) (occupied ?m) (hurts ?h ?p) (phase ?p) (flip ?p ?q) (doomed ?d) (skeleton ?d) (occupied ?d) (doom_site ?h ?p ?d) (limbo ?q ?z))
  :effect (and (not (skeleton ?s)) (not (occupied ?s)) (not (phase ?p)) (phase ?q) (not (doomed ?d)) (not (skeleton ?d)) (not (occupied ?d)) (doomed ?z) (skeleton ?z) (occupied ?z) (increase (total-cost) 2)))
)
