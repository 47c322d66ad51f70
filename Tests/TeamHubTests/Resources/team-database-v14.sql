--
-- PostgreSQL database dump
--


-- Dumped from database version 15.18 (Debian 15.18-0+deb12u1)
-- Dumped by pg_dump version 15.18 (Debian 15.18-0+deb12u1)

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

--
-- Name: pg_trgm; Type: EXTENSION; Schema: -; Owner: -
--

CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;


--
-- Name: EXTENSION pg_trgm; Type: COMMENT; Schema: -; Owner: -
--

COMMENT ON EXTENSION pg_trgm IS 'text similarity measurement and index searching based on trigrams';


SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: delivery; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.delivery (
    "position" integer NOT NULL,
    id text NOT NULL COLLATE pg_catalog."C",
    name text NOT NULL,
    line1 text NOT NULL,
    line2 text,
    phone text,
    text_number text,
    status text NOT NULL,
    imported_status text NOT NULL,
    items text NOT NULL,
    instructions text,
    delivery_window text,
    name_length integer NOT NULL,
    address_length integer NOT NULL,
    window_length integer NOT NULL,
    search_text text NOT NULL,
    CONSTRAINT delivery_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'out_for_delivery'::text, 'delivered'::text, 'failed'::text])))
);
ALTER TABLE ONLY public.delivery ALTER COLUMN "position" SET STATISTICS 10;
ALTER TABLE ONLY public.delivery ALTER COLUMN id SET STATISTICS 10;
ALTER TABLE ONLY public.delivery ALTER COLUMN name SET STATISTICS 10;
ALTER TABLE ONLY public.delivery ALTER COLUMN line1 SET STATISTICS 0;
ALTER TABLE ONLY public.delivery ALTER COLUMN line2 SET STATISTICS 0;
ALTER TABLE ONLY public.delivery ALTER COLUMN phone SET STATISTICS 0;
ALTER TABLE ONLY public.delivery ALTER COLUMN text_number SET STATISTICS 0;
ALTER TABLE ONLY public.delivery ALTER COLUMN status SET STATISTICS 10;
ALTER TABLE ONLY public.delivery ALTER COLUMN imported_status SET STATISTICS 0;
ALTER TABLE ONLY public.delivery ALTER COLUMN items SET STATISTICS 0;
ALTER TABLE ONLY public.delivery ALTER COLUMN instructions SET STATISTICS 0;
ALTER TABLE ONLY public.delivery ALTER COLUMN delivery_window SET STATISTICS 10;
ALTER TABLE ONLY public.delivery ALTER COLUMN name_length SET STATISTICS 10;
ALTER TABLE ONLY public.delivery ALTER COLUMN address_length SET STATISTICS 10;
ALTER TABLE ONLY public.delivery ALTER COLUMN window_length SET STATISTICS 10;
ALTER TABLE ONLY public.delivery ALTER COLUMN search_text SET STATISTICS 0;


--
-- Name: idm_schema_migration; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.idm_schema_migration (
    version integer NOT NULL,
    name text NOT NULL,
    applied_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: imported_manifest; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.imported_manifest (
    path text NOT NULL,
    size bigint NOT NULL,
    modified double precision NOT NULL,
    imported_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: search_trigram; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.search_trigram (
    trigram bigint NOT NULL,
    count integer NOT NULL,
    words bytea NOT NULL
);
ALTER TABLE ONLY public.search_trigram ALTER COLUMN trigram SET STATISTICS 10;
ALTER TABLE ONLY public.search_trigram ALTER COLUMN count SET STATISTICS 0;
ALTER TABLE ONLY public.search_trigram ALTER COLUMN words SET STATISTICS 0;
ALTER TABLE ONLY public.search_trigram ALTER COLUMN words SET STORAGE EXTERNAL;


--
-- Name: search_word; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.search_word (
    word text NOT NULL,
    positions bytea NOT NULL,
    id integer NOT NULL
);
ALTER TABLE ONLY public.search_word ALTER COLUMN word SET STATISTICS 10;
ALTER TABLE ONLY public.search_word ALTER COLUMN positions SET STATISTICS 0;
ALTER TABLE ONLY public.search_word ALTER COLUMN positions SET STORAGE EXTERNAL;
ALTER TABLE ONLY public.search_word ALTER COLUMN id SET STATISTICS 10;


--
-- Name: status_change; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.status_change (
    sequence bigint NOT NULL,
    change_id uuid NOT NULL,
    delivery_id text NOT NULL,
    old_status text NOT NULL,
    new_status text NOT NULL,
    client text NOT NULL,
    changed_at timestamp with time zone DEFAULT now() NOT NULL,
    undone boolean DEFAULT false NOT NULL
);


--
-- Name: status_change_sequence_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.status_change_sequence_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: status_change_sequence_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.status_change_sequence_seq OWNED BY public.status_change.sequence;


--
-- Name: text_order; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.text_order (
    sort text NOT NULL,
    positions integer[] NOT NULL
);
ALTER TABLE ONLY public.text_order ALTER COLUMN positions SET STORAGE EXTERNAL;


--
-- Name: status_change sequence; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.status_change ALTER COLUMN sequence SET DEFAULT nextval('public.status_change_sequence_seq'::regclass);


--
-- Data for Name: delivery; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.delivery VALUES (5, 'DLV-0000005', 'Hugo García', 'Suite 200, 3 Rua Augusta', '28014 Madrid', '(975) 843-6456', '(975) 843-6456', 'pending', 'pending', '[{"name":"Ergonomic office chair, graphite, assembly required","quantity":1},{"name":"Paperback: Middlemarch","quantity":1}]', NULL, '15:00-18:00', 11, 38, 11, 'dlv-0000005
hugo garcia
suite 200, 3 rua augusta 28014 madrid');
INSERT INTO public.delivery VALUES (6, 'DLV-0000006', 'Małgorzata Okafor', 'c/o Müller Feinmechanik GmbH, Building C, Loading Dock 4, Building C, Loading Dock 4, 9477 Königsallee, entrance through the courtyard behind the pharmacy', 'Reykjavík 101', NULL, NULL, 'out_for_delivery', 'out_for_delivery', '[{"name":"Ergonomic office chair, graphite, assembly required","quantity":9}]', NULL, '15:00-18:00', 17, 169, 11, 'dlv-0000006
malgorzata okafor
c/o muller feinmechanik gmbh, building c, loading dock 4, building c, loading dock 4, 9477 konigsallee, entrance through the courtyard behind the pharmacy reykjavik 101');
INSERT INTO public.delivery VALUES (1, 'DLV-0000001', 'Zoë Müller', '〒530-0001 大阪府大阪市北区梅田3丁目1-3', 'JRタワー オフィスプラザさっぽろ 受付', '(637) 318-1646', NULL, 'pending', 'pending', '[{"name":"Back\\slash/and\ttab","quantity":2},{"name":"Line\nbreak\r\u0001","quantity":1}]', NULL, '15:00-18:00', 10, 48, 11, 'dlv-0000001
zoe muller
〒530-0001 大阪府大阪市北区梅田3丁目1-3 jrタワー オフィスプラザさっぽろ 受付');
INSERT INTO public.delivery VALUES (3, 'DLV-0000003', '佐藤 花子', '東京都世田谷区三軒茶屋1丁目32-6', NULL, '(768) 506-7624', NULL, 'pending', 'pending', '[{"name":"Lightning to USB Cable (1 m)","quantity":1},{"name":"USB-C Power Adapter","quantity":1}]', NULL, 'All day', 5, 18, 7, 'dlv-0000003
佐藤 花子
東京都世田谷区三軒茶屋1丁目32-6');
INSERT INTO public.delivery VALUES (2, 'DLV-0000002', 'Al García', '12 Rue de l''Église', 'Paris \N 75001', '(443) 569-5535', NULL, 'delivered', 'pending', '[{"name":"Ergonomic office chair, graphite, assembly required","quantity":1},{"name":"Ergonomic office chair, graphite, assembly required","quantity":1},{"name":"Box of 12 croissants","quantity":1},{"name":"Dog food, 12 kg","quantity":1}]', 'Leave at the door "quietly"
thanks	\.', NULL, 9, 34, 0, 'dlv-0000002
al garcia
12 rue de l''eglise paris \n 75001');
INSERT INTO public.delivery VALUES (4, 'DLV-0000004', 'François Hartley', 'c/o The Very Long Named Community Garden and Allotment Association of Upper Wharfedale, Unit B, 7682 Mission Street, entrance through the courtyard behind the pharmacy', '00-001 Warszawa', NULL, NULL, 'out_for_delivery', 'pending', '[{"name":"Lightning to USB Cable (1 m)","quantity":2}]', 'Оставьте у консьержа', '15:00-18:00', 16, 184, 11, 'dlv-0000004
francois hartley
c/o the very long named community garden and allotment association of upper wharfedale, unit b, 7682 mission street, entrance through the courtyard behind the pharmacy 00-001 warszawa');


--
-- Data for Name: idm_schema_migration; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.idm_schema_migration VALUES (1, 'deliveries, lengths, trigram search, change log', '2026-11-28 10:17:55.08232+00');
INSERT INTO public.idm_schema_migration VALUES (2, 'search text folded and joined as the SQLite store''s', '2026-11-28 10:17:55.08232+00');
INSERT INTO public.idm_schema_migration VALUES (3, 'text lengths kept in the primary key''s index', '2026-11-28 10:17:55.08232+00');
INSERT INTO public.idm_schema_migration VALUES (4, 'a word index: distinct folded words, their deliveries, trigrams of the words', '2026-11-28 10:17:55.08232+00');
INSERT INTO public.idm_schema_migration VALUES (5, 'an index per sort order', '2026-11-28 10:17:55.08232+00');
INSERT INTO public.idm_schema_migration VALUES (6, 'sort indexes that begin with the status', '2026-11-28 10:17:55.08232+00');
INSERT INTO public.idm_schema_migration VALUES (7, 'ids compared as bytes', '2026-11-28 10:17:55.08232+00');
INSERT INTO public.idm_schema_migration VALUES (8, 'the window order''s emptiness as one key', '2026-11-28 10:17:55.08232+00');
INSERT INTO public.idm_schema_migration VALUES (9, 'the status index led by the status''s rank', '2026-11-28 10:17:55.08232+00');
INSERT INTO public.idm_schema_migration VALUES (10, 'no statistics for columns no query filters on', '2026-11-28 10:17:55.08232+00');
INSERT INTO public.idm_schema_migration VALUES (11, 'the words'' trigrams as lists of word ids', '2026-11-28 10:17:55.08232+00');
INSERT INTO public.idm_schema_migration VALUES (12, 'the sort indexes led by the rank and key as one text', '2026-11-28 10:17:55.08232+00');
INSERT INTO public.idm_schema_migration VALUES (13, 'smaller samples for the planner''s figures', '2026-11-28 10:17:55.08232+00');
INSERT INTO public.idm_schema_migration VALUES (14, 'the text orders kept whole rather than indexed', '2026-11-28 10:17:55.08232+00');


--
-- Data for Name: imported_manifest; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.imported_manifest VALUES ('/home/dispatch/manifest.json', 2264, 1795861075.6124442, '2026-11-28 10:17:55.631728+00');


--
-- Data for Name: search_trigram; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.search_trigram VALUES (-70164437841, 1, '\x15');
INSERT INTO public.search_trigram VALUES (-45011193561, 1, '\x08');
INSERT INTO public.search_trigram VALUES (-42580608485, 1, '\x14');
INSERT INTO public.search_trigram VALUES (-232783975, 1, '\x24');
INSERT INTO public.search_trigram VALUES (-209715302, 1, '\x0e');
INSERT INTO public.search_trigram VALUES (-207618093, 1, '\x42');
INSERT INTO public.search_trigram VALUES (-205520941, 1, '\x28');
INSERT INTO public.search_trigram VALUES (-203423853, 1, '\x0a');
INSERT INTO public.search_trigram VALUES (-192938095, 1, '\x11');
INSERT INTO public.search_trigram VALUES (-109051949, 1, '\x45');
INSERT INTO public.search_trigram VALUES (-109051904, 1, '\x37');
INSERT INTO public.search_trigram VALUES (-102760499, 1, '\x0c');
INSERT INTO public.search_trigram VALUES (171524025745511, 1, '\x0f');
INSERT INTO public.search_trigram VALUES (197912193663024, 8, '\x0103050a041a0209');
INSERT INTO public.search_trigram VALUES (211106326904880, 2, '\x042d');
INSERT INTO public.search_trigram VALUES (211106333196332, 1, '\x36');
INSERT INTO public.search_trigram VALUES (211106333196333, 1, '\x31');
INSERT INTO public.search_trigram VALUES (211106333196336, 7, '\x0103050a041c09');
INSERT INTO public.search_trigram VALUES (211106333196337, 4, '\x01030e1f');
INSERT INTO public.search_trigram VALUES (211106333196338, 1, '\x09');
INSERT INTO public.search_trigram VALUES (211106333196339, 1, '\x13');
INSERT INTO public.search_trigram VALUES (211106333196340, 1, '\x17');
INSERT INTO public.search_trigram VALUES (211106333196341, 1, '\x33');
INSERT INTO public.search_trigram VALUES (211106333196342, 1, '\x3c');
INSERT INTO public.search_trigram VALUES (211106335293492, 1, '\x3a');
INSERT INTO public.search_trigram VALUES (215504373415987, 1, '\x05');
INSERT INTO public.search_trigram VALUES (215504379707441, 1, '\x49');
INSERT INTO public.search_trigram VALUES (215546157102830, 1, '\x16');
INSERT INTO public.search_trigram VALUES (219902419927094, 1, '\x16');
INSERT INTO public.search_trigram VALUES (219902426218544, 1, '\x36');
INSERT INTO public.search_trigram VALUES (219902442995760, 1, '\x3a');
INSERT INTO public.search_trigram VALUES (224300472729645, 1, '\x04');
INSERT INTO public.search_trigram VALUES (224300476923949, 1, '\x16');
INSERT INTO public.search_trigram VALUES (224342250125038, 1, '\x05');
INSERT INTO public.search_trigram VALUES (228698533920823, 1, '\x46');
INSERT INTO public.search_trigram VALUES (233096565751856, 1, '\x12');
INSERT INTO public.search_trigram VALUES (233096572043312, 1, '\x04');
INSERT INTO public.search_trigram VALUES (237494629040178, 1, '\x29');
INSERT INTO public.search_trigram VALUES (241892669259824, 1, '\x12');
INSERT INTO public.search_trigram VALUES (241892671356984, 1, '\x29');
INSERT INTO public.search_trigram VALUES (246290705285169, 1, '\x3a');
INSERT INTO public.search_trigram VALUES (250688760184887, 1, '\x46');
INSERT INTO public.search_trigram VALUES (426610719195257, 1, '\x30');
INSERT INTO public.search_trigram VALUES (426610721292393, 1, '\x43');
INSERT INTO public.search_trigram VALUES (426610721292402, 1, '\x3b');
INSERT INTO public.search_trigram VALUES (426610725486703, 1, '\x3e');
INSERT INTO public.search_trigram VALUES (426610738069605, 1, '\x26');
INSERT INTO public.search_trigram VALUES (426610738069607, 1, '\x3d');
INSERT INTO public.search_trigram VALUES (426610738069612, 2, '\x2225');
INSERT INTO public.search_trigram VALUES (426610740166757, 1, '\x1e');
INSERT INTO public.search_trigram VALUES (426610742263907, 2, '\x1814');
INSERT INTO public.search_trigram VALUES (426610742263908, 1, '\x21');
INSERT INTO public.search_trigram VALUES (426610742263913, 1, '\x3f');
INSERT INTO public.search_trigram VALUES (426610750652515, 1, '\x0b');
INSERT INTO public.search_trigram VALUES (426610750652516, 2, '\x200e');
INSERT INTO public.search_trigram VALUES (426610750652518, 1, '\x26');
INSERT INTO public.search_trigram VALUES (426610750652521, 1, '\x10');
INSERT INTO public.search_trigram VALUES (426610750652525, 1, '\x30');
INSERT INTO public.search_trigram VALUES (426610750652531, 1, '\x32');
INSERT INTO public.search_trigram VALUES (426610750652532, 1, '\x19');
INSERT INTO public.search_trigram VALUES (426610752749683, 1, '\x23');
INSERT INTO public.search_trigram VALUES (426610754846817, 1, '\x3d');
INSERT INTO public.search_trigram VALUES (426610754846825, 1, '\x23');
INSERT INTO public.search_trigram VALUES (426610756943975, 1, '\x39');
INSERT INTO public.search_trigram VALUES (426610759041129, 1, '\x48');
INSERT INTO public.search_trigram VALUES (426610761138273, 1, '\x32');
INSERT INTO public.search_trigram VALUES (431008769900648, 1, '\x2f');
INSERT INTO public.search_trigram VALUES (431008776192044, 1, '\x40');
INSERT INTO public.search_trigram VALUES (431008803455081, 1, '\x41');
INSERT INTO public.search_trigram VALUES (435406703165551, 1, '\x1a');
INSERT INTO public.search_trigram VALUES (435406822703201, 1, '\x3f');
INSERT INTO public.search_trigram VALUES (435406824800353, 2, '\x0b18');
INSERT INTO public.search_trigram VALUES (435406837383273, 1, '\x18');
INSERT INTO public.search_trigram VALUES (435406837383277, 1, '\x1f');
INSERT INTO public.search_trigram VALUES (435406837383285, 1, '\x2e');
INSERT INTO public.search_trigram VALUES (439804854534252, 1, '\x26');
INSERT INTO public.search_trigram VALUES (439804862922862, 1, '\x20');
INSERT INTO public.search_trigram VALUES (439804871311470, 2, '\x4102');
INSERT INTO public.search_trigram VALUES (439804877602934, 6, '\x01080a041c09');
INSERT INTO public.search_trigram VALUES (439804883894371, 1, '\x44');
INSERT INTO public.search_trigram VALUES (439804890185833, 1, '\x3b');
INSERT INTO public.search_trigram VALUES (444202905239656, 1, '\x3f');
INSERT INTO public.search_trigram VALUES (444202907336801, 1, '\x26');
INSERT INTO public.search_trigram VALUES (444202909433900, 1, '\x47');
INSERT INTO public.search_trigram VALUES (444202909433972, 1, '\x2b');
INSERT INTO public.search_trigram VALUES (444202913628268, 1, '\x0f');
INSERT INTO public.search_trigram VALUES (444202915725417, 1, '\x2f');
INSERT INTO public.search_trigram VALUES (444202917822574, 1, '\x3f');
INSERT INTO public.search_trigram VALUES (444202928308340, 2, '\x220a');
INSERT INTO public.search_trigram VALUES (444202936696953, 1, '\x1c');
INSERT INTO public.search_trigram VALUES (444202940891180, 1, '\x2b');
INSERT INTO public.search_trigram VALUES (444202951377003, 1, '\x48');
INSERT INTO public.search_trigram VALUES (448600955945060, 1, '\x26');
INSERT INTO public.search_trigram VALUES (448600955945065, 1, '\x3f');
INSERT INTO public.search_trigram VALUES (448600976916594, 1, '\x3e');
INSERT INTO public.search_trigram VALUES (448600983208033, 1, '\x18');
INSERT INTO public.search_trigram VALUES (452998994067570, 2, '\x0b15');
INSERT INTO public.search_trigram VALUES (452999017136233, 1, '\x0f');
INSERT INTO public.search_trigram VALUES (452999019233378, 1, '\x40');
INSERT INTO public.search_trigram VALUES (452999023427698, 1, '\x3d');
INSERT INTO public.search_trigram VALUES (452999031816289, 1, '\x47');
INSERT INTO public.search_trigram VALUES (452999036010611, 1, '\x39');
INSERT INTO public.search_trigram VALUES (457397040578670, 1, '\x3f');
INSERT INTO public.search_trigram VALUES (457397040578674, 3, '\x190d0a');
INSERT INTO public.search_trigram VALUES (457397057355886, 1, '\x2f');
INSERT INTO public.search_trigram VALUES (457397076230255, 1, '\x2d');
INSERT INTO public.search_trigram VALUES (457397082521703, 1, '\x34');
INSERT INTO public.search_trigram VALUES (461795087089780, 1, '\x23');
INSERT INTO public.search_trigram VALUES (461795099672691, 1, '\x47');
INSERT INTO public.search_trigram VALUES (461795110158436, 1, '\x41');
INSERT INTO public.search_trigram VALUES (461795114352740, 1, '\x2f');
INSERT INTO public.search_trigram VALUES (461795114352743, 2, '\x4102');
INSERT INTO public.search_trigram VALUES (461795114352749, 1, '\x3f');
INSERT INTO public.search_trigram VALUES (461795116449902, 2, '\x2307');
INSERT INTO public.search_trigram VALUES (461795124838501, 1, '\x0f');
INSERT INTO public.search_trigram VALUES (461795124838515, 1, '\x2a');
INSERT INTO public.search_trigram VALUES (461795126935653, 1, '\x35');
INSERT INTO public.search_trigram VALUES (461795126935673, 1, '\x1f');
INSERT INTO public.search_trigram VALUES (466193133600886, 1, '\x48');
INSERT INTO public.search_trigram VALUES (466193169264831, 1, '\x06');
INSERT INTO public.search_trigram VALUES (470591180111974, 1, '\x3e');
INSERT INTO public.search_trigram VALUES (470591198986337, 1, '\x48');
INSERT INTO public.search_trigram VALUES (470591209472110, 1, '\x47');
INSERT INTO public.search_trigram VALUES (474989104988261, 1, '\x0f');
INSERT INTO public.search_trigram VALUES (474989232914537, 1, '\x41');
INSERT INTO public.search_trigram VALUES (474989235011628, 1, '\x26');
INSERT INTO public.search_trigram VALUES (474989235011685, 1, '\x47');
INSERT INTO public.search_trigram VALUES (474989235011698, 1, '\x03');
INSERT INTO public.search_trigram VALUES (474989235011705, 1, '\x19');
INSERT INTO public.search_trigram VALUES (474989239205999, 1, '\x3d');
INSERT INTO public.search_trigram VALUES (474989243400307, 1, '\x0f');
INSERT INTO public.search_trigram VALUES (474989249691749, 2, '\x0344');
INSERT INTO public.search_trigram VALUES (474989249691759, 1, '\x22');
INSERT INTO public.search_trigram VALUES (474989255983201, 1, '\x43');
INSERT INTO public.search_trigram VALUES (474989255983214, 1, '\x1d');
INSERT INTO public.search_trigram VALUES (474989255983220, 1, '\x22');
INSERT INTO public.search_trigram VALUES (474989270663213, 6, '\x01080a041c09');
INSERT INTO public.search_trigram VALUES (479387273134179, 1, '\x30');
INSERT INTO public.search_trigram VALUES (479387273134180, 1, '\x3b');
INSERT INTO public.search_trigram VALUES (479387273134188, 1, '\x3d');
INSERT INTO public.search_trigram VALUES (479387275231336, 1, '\x40');
INSERT INTO public.search_trigram VALUES (479387281522787, 1, '\x3f');
INSERT INTO public.search_trigram VALUES (479387281522788, 1, '\x1e');
INSERT INTO public.search_trigram VALUES (479387281522798, 1, '\x22');
INSERT INTO public.search_trigram VALUES (479387289911411, 1, '\x2a');
INSERT INTO public.search_trigram VALUES (479387298300021, 1, '\x1f');
INSERT INTO public.search_trigram VALUES (479387315077228, 1, '\x03');
INSERT INTO public.search_trigram VALUES (479387315077230, 1, '\x1f');
INSERT INTO public.search_trigram VALUES (483785319645293, 1, '\x1e');
INSERT INTO public.search_trigram VALUES (483785323839589, 1, '\x2c');
INSERT INTO public.search_trigram VALUES (483785323839599, 1, '\x18');
INSERT INTO public.search_trigram VALUES (483785336422503, 1, '\x47');
INSERT INTO public.search_trigram VALUES (483785336422507, 1, '\x3f');
INSERT INTO public.search_trigram VALUES (483785336422516, 2, '\x1f08');
INSERT INTO public.search_trigram VALUES (483785344811109, 1, '\x3f');
INSERT INTO public.search_trigram VALUES (483785359491186, 1, '\x2c');
INSERT INTO public.search_trigram VALUES (488183366156388, 1, '\x43');
INSERT INTO public.search_trigram VALUES (488183370350697, 1, '\x23');
INSERT INTO public.search_trigram VALUES (488183370350699, 1, '\x44');
INSERT INTO public.search_trigram VALUES (488183382933619, 1, '\x18');
INSERT INTO public.search_trigram VALUES (488183387127905, 1, '\x3e');
INSERT INTO public.search_trigram VALUES (488183391322221, 1, '\x1f');
INSERT INTO public.search_trigram VALUES (488183393419367, 1, '\x1d');
INSERT INTO public.search_trigram VALUES (488183393419369, 1, '\x47');
INSERT INTO public.search_trigram VALUES (488183401807994, 1, '\x3d');
INSERT INTO public.search_trigram VALUES (488183406002285, 1, '\x22');
INSERT INTO public.search_trigram VALUES (488183408099431, 1, '\x2d');
INSERT INTO public.search_trigram VALUES (488183408099442, 1, '\x2e');
INSERT INTO public.search_trigram VALUES (492581412667506, 1, '\x10');
INSERT INTO public.search_trigram VALUES (492581421056114, 1, '\x25');
INSERT INTO public.search_trigram VALUES (492581427347553, 1, '\x30');
INSERT INTO public.search_trigram VALUES (492581444124773, 1, '\x25');
INSERT INTO public.search_trigram VALUES (501377505689710, 2, '\x1814');
INSERT INTO public.search_trigram VALUES (501377509884009, 1, '\x0b');
INSERT INTO public.search_trigram VALUES (501377511981157, 1, '\x20');
INSERT INTO public.search_trigram VALUES (501377514078309, 1, '\x2b');
INSERT INTO public.search_trigram VALUES (501377514078329, 1, '\x48');
INSERT INTO public.search_trigram VALUES (501377516175461, 1, '\x26');
INSERT INTO public.search_trigram VALUES (501377522466916, 1, '\x3b');
INSERT INTO public.search_trigram VALUES (501377522466931, 1, '\x10');
INSERT INTO public.search_trigram VALUES (501377530855521, 1, '\x30');
INSERT INTO public.search_trigram VALUES (501377535049845, 1, '\x2d');
INSERT INTO public.search_trigram VALUES (501377543438458, 1, '\x32');
INSERT INTO public.search_trigram VALUES (501377545535596, 1, '\x19');
INSERT INTO public.search_trigram VALUES (501377545535609, 1, '\x2e');
INSERT INTO public.search_trigram VALUES (501377547632737, 1, '\x38');
INSERT INTO public.search_trigram VALUES (501377547632741, 1, '\x0d');
INSERT INTO public.search_trigram VALUES (501377558118497, 1, '\x3d');
INSERT INTO public.search_trigram VALUES (501403472638191, 1, '\x06');
INSERT INTO public.search_trigram VALUES (505775552200812, 1, '\x47');
INSERT INTO public.search_trigram VALUES (505775568978031, 1, '\x2a');
INSERT INTO public.search_trigram VALUES (505775581560931, 1, '\x23');
INSERT INTO public.search_trigram VALUES (505775589949545, 1, '\x2a');
INSERT INTO public.search_trigram VALUES (505775589949551, 1, '\x23');
INSERT INTO public.search_trigram VALUES (505775592046689, 1, '\x39');
INSERT INTO public.search_trigram VALUES (505775592046706, 1, '\x2b');
INSERT INTO public.search_trigram VALUES (505775594143849, 1, '\x35');
INSERT INTO public.search_trigram VALUES (505775604629601, 1, '\x32');
INSERT INTO public.search_trigram VALUES (510173613391973, 1, '\x1b');
INSERT INTO public.search_trigram VALUES (510173613391986, 1, '\x2d');
INSERT INTO public.search_trigram VALUES (510173615489135, 1, '\x23');
INSERT INTO public.search_trigram VALUES (510173621780581, 1, '\x19');
INSERT INTO public.search_trigram VALUES (510173623877733, 1, '\x22');
INSERT INTO public.search_trigram VALUES (510173634363489, 1, '\x2c');
INSERT INTO public.search_trigram VALUES (510173634363493, 1, '\x2b');
INSERT INTO public.search_trigram VALUES (510173649043553, 1, '\x2e');
INSERT INTO public.search_trigram VALUES (514571657805928, 1, '\x2d');
INSERT INTO public.search_trigram VALUES (514571657805935, 1, '\x34');
INSERT INTO public.search_trigram VALUES (514571657805941, 1, '\x39');
INSERT INTO public.search_trigram VALUES (514571662000236, 1, '\x41');
INSERT INTO public.search_trigram VALUES (514571662000244, 1, '\x35');
INSERT INTO public.search_trigram VALUES (514571668291692, 1, '\x03');
INSERT INTO public.search_trigram VALUES (514571672485993, 2, '\x1f08');
INSERT INTO public.search_trigram VALUES (514571676680304, 1, '\x25');
INSERT INTO public.search_trigram VALUES (514571680874612, 1, '\x2e');
INSERT INTO public.search_trigram VALUES (514571682971764, 1, '\x39');
INSERT INTO public.search_trigram VALUES (518969582682160, 6, '\x01080a041c09');
INSERT INTO public.search_trigram VALUES (518969700122738, 1, '\x1c');
INSERT INTO public.search_trigram VALUES (518969708511339, 1, '\x48');
INSERT INTO public.search_trigram VALUES (523367738245234, 1, '\x32');
INSERT INTO public.search_trigram VALUES (523367752925281, 1, '\x26');
INSERT INTO public.search_trigram VALUES (532163831267442, 1, '\x2e');
INSERT INTO public.search_trigram VALUES (532163852238954, 1, '\x48');
INSERT INTO public.search_trigram VALUES (536561877778548, 1, '\x3d');
INSERT INTO public.search_trigram VALUES (536561877778551, 1, '\x32');
INSERT INTO public.search_trigram VALUES (536561907138661, 1, '\x02');
INSERT INTO public.search_trigram VALUES (54122360476794931, 1, '\x04');
INSERT INTO public.search_trigram VALUES (54417055459324029, 1, '\x07');
INSERT INTO public.search_trigram VALUES (54478628165005453, 1, '\x07');
INSERT INTO public.search_trigram VALUES (54760103267545303, 1, '\x07');
INSERT INTO public.search_trigram VALUES (54790889651843235, 1, '\x07');
INSERT INTO public.search_trigram VALUES (54843665941540963, 1, '\x07');
INSERT INTO public.search_trigram VALUES (54856860353704169, 1, '\x07');
INSERT INTO public.search_trigram VALUES (54883248683102460, 1, '\x06');
INSERT INTO public.search_trigram VALUES (54980005546963129, 1, '\x07');
INSERT INTO public.search_trigram VALUES (54988801786785974, 1, '\x07');
INSERT INTO public.search_trigram VALUES (55067966517030997, 1, '\x07');
INSERT INTO public.search_trigram VALUES (87824654630125617, 1, '\x05');
INSERT INTO public.search_trigram VALUES (87824654630125619, 1, '\x16');
INSERT INTO public.search_trigram VALUES (87859851828429622, 1, '\x16');
INSERT INTO public.search_trigram VALUES (87917012671564855, 1, '\x16');
INSERT INTO public.search_trigram VALUES (88576734573645334, 1, '\x16');
INSERT INTO public.search_trigram VALUES (93550892019640453, 1, '\x05');
INSERT INTO public.search_trigram VALUES (93704820860423890, 1, '\x16');
INSERT INTO public.search_trigram VALUES (93704835079107888, 1, '\x05');
INSERT INTO public.search_trigram VALUES (100376696141667842, 1, '\x05');
INSERT INTO public.search_trigram VALUES (100376696141667996, 1, '\x05');
INSERT INTO public.search_trigram VALUES (103912645020634625, 1, '\x16');
INSERT INTO public.search_trigram VALUES (105843431944770362, 1, '\x05');
INSERT INTO public.search_trigram VALUES (106520734362277418, 1, '\x05');
INSERT INTO public.search_trigram VALUES (116464711897223421, 1, '\x16');
INSERT INTO public.search_trigram VALUES (117678593412169779, 1, '\x05');
INSERT INTO public.search_trigram VALUES (131941395440094721, 1, '\x05');
INSERT INTO public.search_trigram VALUES (131941470610412346, 1, '\x16');
INSERT INTO public.search_trigram VALUES (133902924179832877, 1, '\x05');
INSERT INTO public.search_trigram VALUES (133902924184027186, 1, '\x16');
INSERT INTO public.search_trigram VALUES (147730431857393713, 1, '\x16');
INSERT INTO public.search_trigram VALUES (157867924198018569, 1, '\x16');
INSERT INTO public.search_trigram VALUES (160801446982343755, 1, '\x16');
INSERT INTO public.search_trigram VALUES (163242334274745648, 1, '\x16');
INSERT INTO public.search_trigram VALUES (169069754449941271, 1, '\x05');
INSERT INTO public.search_trigram VALUES (169069754772904231, 1, '\x05');


--
-- Data for Name: search_word; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.search_word VALUES ('dlv-0000001', '\x01', 1);
INSERT INTO public.search_word VALUES ('zoe', '\x01', 2);
INSERT INTO public.search_word VALUES ('muller', '\x0105', 3);
INSERT INTO public.search_word VALUES ('〒530-0001', '\x01', 4);
INSERT INTO public.search_word VALUES ('大阪府大阪市北区梅田3丁目1-3', '\x01', 5);
INSERT INTO public.search_word VALUES ('jrタワー', '\x01', 6);
INSERT INTO public.search_word VALUES ('オフィスプラザさっぽろ', '\x01', 7);
INSERT INTO public.search_word VALUES ('受付', '\x01', 8);
INSERT INTO public.search_word VALUES ('dlv-0000002', '\x02', 9);
INSERT INTO public.search_word VALUES ('al', '\x02', 10);
INSERT INTO public.search_word VALUES ('garcia', '\x0203', 11);
INSERT INTO public.search_word VALUES ('12', '\x02', 12);
INSERT INTO public.search_word VALUES ('rue', '\x02', 13);
INSERT INTO public.search_word VALUES ('de', '\x02', 14);
INSERT INTO public.search_word VALUES ('l''eglise', '\x02', 15);
INSERT INTO public.search_word VALUES ('paris', '\x02', 16);
INSERT INTO public.search_word VALUES ('\n', '\x02', 17);
INSERT INTO public.search_word VALUES ('75001', '\x02', 18);
INSERT INTO public.search_word VALUES ('dlv-0000003', '\x03', 19);
INSERT INTO public.search_word VALUES ('佐藤', '\x03', 20);
INSERT INTO public.search_word VALUES ('花子', '\x03', 21);
INSERT INTO public.search_word VALUES ('東京都世田谷区三軒茶屋1丁目32-6', '\x03', 22);
INSERT INTO public.search_word VALUES ('dlv-0000004', '\x04', 23);
INSERT INTO public.search_word VALUES ('francois', '\x04', 24);
INSERT INTO public.search_word VALUES ('hartley', '\x04', 25);
INSERT INTO public.search_word VALUES ('c/o', '\x0402', 26);
INSERT INTO public.search_word VALUES ('the', '\x0402', 27);
INSERT INTO public.search_word VALUES ('very', '\x04', 28);
INSERT INTO public.search_word VALUES ('long', '\x04', 29);
INSERT INTO public.search_word VALUES ('named', '\x04', 30);
INSERT INTO public.search_word VALUES ('community', '\x04', 31);
INSERT INTO public.search_word VALUES ('garden', '\x04', 32);
INSERT INTO public.search_word VALUES ('and', '\x04', 33);
INSERT INTO public.search_word VALUES ('allotment', '\x04', 34);
INSERT INTO public.search_word VALUES ('association', '\x04', 35);
INSERT INTO public.search_word VALUES ('of', '\x04', 36);
INSERT INTO public.search_word VALUES ('upper', '\x04', 37);
INSERT INTO public.search_word VALUES ('wharfedale,', '\x04', 38);
INSERT INTO public.search_word VALUES ('unit', '\x04', 39);
INSERT INTO public.search_word VALUES ('b,', '\x04', 40);
INSERT INTO public.search_word VALUES ('7682', '\x04', 41);
INSERT INTO public.search_word VALUES ('mission', '\x04', 42);
INSERT INTO public.search_word VALUES ('street,', '\x04', 43);
INSERT INTO public.search_word VALUES ('entrance', '\x0402', 44);
INSERT INTO public.search_word VALUES ('through', '\x0402', 45);
INSERT INTO public.search_word VALUES ('courtyard', '\x0402', 46);
INSERT INTO public.search_word VALUES ('behind', '\x0402', 47);
INSERT INTO public.search_word VALUES ('pharmacy', '\x0402', 48);
INSERT INTO public.search_word VALUES ('00-001', '\x04', 49);
INSERT INTO public.search_word VALUES ('warszawa', '\x04', 50);
INSERT INTO public.search_word VALUES ('dlv-0000005', '\x05', 51);
INSERT INTO public.search_word VALUES ('hugo', '\x05', 52);
INSERT INTO public.search_word VALUES ('suite', '\x05', 53);
INSERT INTO public.search_word VALUES ('200,', '\x05', 54);
INSERT INTO public.search_word VALUES ('3', '\x05', 55);
INSERT INTO public.search_word VALUES ('rua', '\x05', 56);
INSERT INTO public.search_word VALUES ('augusta', '\x05', 57);
INSERT INTO public.search_word VALUES ('28014', '\x05', 58);
INSERT INTO public.search_word VALUES ('madrid', '\x05', 59);
INSERT INTO public.search_word VALUES ('dlv-0000006', '\x06', 60);
INSERT INTO public.search_word VALUES ('malgorzata', '\x06', 61);
INSERT INTO public.search_word VALUES ('okafor', '\x06', 62);
INSERT INTO public.search_word VALUES ('feinmechanik', '\x06', 63);
INSERT INTO public.search_word VALUES ('gmbh,', '\x06', 64);
INSERT INTO public.search_word VALUES ('building', '\x06', 65);
INSERT INTO public.search_word VALUES ('c,', '\x06', 66);
INSERT INTO public.search_word VALUES ('loading', '\x06', 67);
INSERT INTO public.search_word VALUES ('dock', '\x06', 68);
INSERT INTO public.search_word VALUES ('4,', '\x06', 69);
INSERT INTO public.search_word VALUES ('9477', '\x06', 70);
INSERT INTO public.search_word VALUES ('konigsallee,', '\x06', 71);
INSERT INTO public.search_word VALUES ('reykjavik', '\x06', 72);
INSERT INTO public.search_word VALUES ('101', '\x06', 73);


--
-- Data for Name: status_change; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.status_change VALUES (1, '3023e47b-461e-405e-b304-31638b664c4b', 'DLV-0000002', 'pending', 'delivered', 'dispatch@laptop', '2026-11-28 10:17:55.967854+00', false);
INSERT INTO public.status_change VALUES (2, '9e02755e-2809-4c58-a89e-28064226eb33', 'DLV-0000004', 'pending', 'failed', 'dispatch@laptop', '2026-11-28 10:17:55.975314+00', false);
INSERT INTO public.status_change VALUES (3, '7773c119-81d4-43bb-83eb-5d2dd22d27da', 'DLV-0000004', 'failed', 'out_for_delivery', 'courier@phone', '2026-11-28 10:17:56.021033+00', false);


--
-- Data for Name: text_order; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.text_order VALUES ('window', '{1,4,5,6,3,2}');
INSERT INTO public.text_order VALUES ('name', '{2,4,5,6,1,3}');


--
-- Name: status_change_sequence_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.status_change_sequence_seq', 3, true);


--
-- Name: delivery delivery_id_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.delivery
    ADD CONSTRAINT delivery_id_key UNIQUE (id);


--
-- Name: delivery delivery_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.delivery
    ADD CONSTRAINT delivery_pkey PRIMARY KEY ("position") INCLUDE (name_length, address_length, window_length);


--
-- Name: idm_schema_migration idm_schema_migration_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.idm_schema_migration
    ADD CONSTRAINT idm_schema_migration_pkey PRIMARY KEY (version);


--
-- Name: imported_manifest imported_manifest_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.imported_manifest
    ADD CONSTRAINT imported_manifest_pkey PRIMARY KEY (path);


--
-- Name: search_trigram search_trigram_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.search_trigram
    ADD CONSTRAINT search_trigram_pkey PRIMARY KEY (trigram);


--
-- Name: search_word search_word_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.search_word
    ADD CONSTRAINT search_word_pkey PRIMARY KEY (id);


--
-- Name: status_change status_change_change_id_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.status_change
    ADD CONSTRAINT status_change_change_id_key UNIQUE (change_id);


--
-- Name: status_change status_change_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.status_change
    ADD CONSTRAINT status_change_pkey PRIMARY KEY (sequence);


--
-- Name: text_order text_order_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.text_order
    ADD CONSTRAINT text_order_pkey PRIMARY KEY (sort);


--
-- Name: delivery_by_status; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX delivery_by_status ON public.delivery USING btree ((
CASE status
    WHEN 'pending'::text THEN 0
    WHEN 'out_for_delivery'::text THEN 1
    WHEN 'delivered'::text THEN 2
    ELSE 3
END), "position") INCLUDE (status);
ALTER INDEX public.delivery_by_status ALTER COLUMN 1 SET STATISTICS 10;


--
-- Name: status_change_by_client; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX status_change_by_client ON public.status_change USING btree (client, sequence) WHERE (NOT undone);


--
-- PostgreSQL database dump complete
--


