/** Word pools of the demo dataset: believable people of many nationalities. */

export interface Country {
  code: string;
  cities: string[];
  male: string[];
  female: string[];
  last: string[];
  language: string;
}

export const COUNTRIES: Country[] = [
  { code: 'US', language: 'English', cities: ['San Francisco', 'New York', 'Austin', 'Boston', 'Seattle'], male: ['James', 'Michael', 'Ethan', 'Daniel', 'Ryan'], female: ['Emily', 'Olivia', 'Madison', 'Sarah', 'Hannah'], last: ['Smith', 'Johnson', 'Miller', 'Davis', 'Walker'] },
  { code: 'GB', language: 'English', cities: ['London', 'Manchester', 'Edinburgh', 'Bristol', 'Cambridge'], male: ['Oliver', 'Harry', 'George', 'Jack', 'Thomas'], female: ['Amelia', 'Isla', 'Charlotte', 'Poppy', 'Freya'], last: ['Taylor', 'Brown', 'Wilson', 'Evans', 'Hughes'] },
  { code: 'DE', language: 'German', cities: ['Berlin', 'Munich', 'Hamburg', 'Cologne', 'Stuttgart'], male: ['Lukas', 'Jonas', 'Felix', 'Maximilian', 'Jürgen'], female: ['Lena', 'Sophie', 'Marie', 'Anna', 'Jülide'], last: ['Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weiß'] },
  { code: 'FR', language: 'French', cities: ['Paris', 'Lyon', 'Toulouse', 'Nantes', 'Bordeaux'], male: ['Lucas', 'Hugo', 'Théo', 'Raphaël', 'Jérôme'], female: ['Chloé', 'Léa', 'Manon', 'Camille', 'Élodie'], last: ['Martin', 'Bernard', 'Dubois', 'Lefèvre', 'Moreau'] },
  { code: 'ES', language: 'Spanish', cities: ['Madrid', 'Barcelona', 'Valencia', 'Sevilla', 'Málaga'], male: ['José', 'Javier', 'Álvaro', 'Pablo', 'Sergio'], female: ['Lucía', 'María', 'Paula', 'Sofía', 'Inés'], last: ['García', 'Fernández', 'López', 'Martínez', 'Sánchez'] },
  { code: 'IT', language: 'Italian', cities: ['Milan', 'Rome', 'Turin', 'Bologna', 'Florence'], male: ['Marco', 'Luca', 'Matteo', 'Niccolò', 'Andrea'], female: ['Giulia', 'Chiara', 'Francesca', 'Martina', 'Alessia'], last: ['Rossi', 'Russo', 'Ferrari', 'Esposito', 'Bianchi'] },
  { code: 'PL', language: 'Polish', cities: ['Warsaw', 'Kraków', 'Wrocław', 'Gdańsk', 'Poznań'], male: ['Łukasz', 'Piotr', 'Krzysztof', 'Michał', 'Paweł'], female: ['Zofia', 'Agnieszka', 'Małgorzata', 'Katarzyna', 'Ewa'], last: ['Nowak', 'Kowalski', 'Wiśniewski', 'Wójcik', 'Kamiński'] },
  { code: 'SE', language: 'Swedish', cities: ['Stockholm', 'Gothenburg', 'Malmö', 'Uppsala'], male: ['Erik', 'Lars', 'Anders', 'Björn', 'Oskar'], female: ['Astrid', 'Ingrid', 'Elin', 'Saga', 'Maja'], last: ['Andersson', 'Johansson', 'Karlsson', 'Nilsson', 'Öberg'] },
  { code: 'NL', language: 'Dutch', cities: ['Amsterdam', 'Rotterdam', 'Utrecht', 'Eindhoven'], male: ['Daan', 'Sem', 'Bram', 'Thijs', 'Ruben'], female: ['Emma', 'Fenna', 'Sanne', 'Noor', 'Lotte'], last: ['de Jong', 'Jansen', 'de Vries', 'van Dijk', 'Bakker'] },
  { code: 'IN', language: 'Hindi', cities: ['Bengaluru', 'Mumbai', 'Hyderabad', 'Pune', 'Delhi'], male: ['Arjun', 'Rahul', 'Vikram', 'Rohan', 'Aditya'], female: ['Priya', 'Ananya', 'Kavya', 'Isha', 'Meera'], last: ['Sharma', 'Patel', 'Reddy', 'Iyer', 'Gupta'] },
  { code: 'CN', language: 'Mandarin', cities: ['Shanghai', 'Beijing', 'Shenzhen', 'Hangzhou'], male: ['Wei', 'Jun', 'Hao', 'Lei', 'Chen'], female: ['Li', 'Mei', 'Xiu', 'Yan', 'Jing'], last: ['Wang', 'Zhang', 'Liu', 'Chen', 'Yang'] },
  { code: 'BR', language: 'Portuguese', cities: ['São Paulo', 'Rio de Janeiro', 'Belo Horizonte', 'Florianópolis'], male: ['João', 'Gabriel', 'Matheus', 'Thiago', 'Caio'], female: ['Ana', 'Beatriz', 'Larissa', 'Júlia', 'Camila'], last: ['Silva', 'Santos', 'Oliveira', 'Souza', 'Conceição'] },
  { code: 'NG', language: 'Yoruba', cities: ['Lagos', 'Abuja', 'Ibadan'], male: ['Chinedu', 'Emeka', 'Tunde', 'Oluwaseun', 'Ifeanyi'], female: ['Ngozi', 'Adaeze', 'Funmilayo', 'Chioma', 'Amara'], last: ['Okafor', 'Adeyemi', 'Okonkwo', 'Balogun', 'Eze'] },
  { code: 'IL', language: 'Hebrew', cities: ['Tel Aviv', 'Haifa', 'Jerusalem'], male: ['Noam', 'Itai', 'Yonatan', 'Omer', 'Eitan'], female: ['Noa', 'Tamar', 'Yael', 'Shira', 'Maya'], last: ['Cohen', 'Levi', 'Mizrahi', 'Peretz', 'Biton'] },
  { code: 'JP', language: 'Japanese', cities: ['Tokyo', 'Osaka', 'Kyoto', 'Fukuoka'], male: ['Haruto', 'Sota', 'Yuto', 'Ren', 'Kaito'], female: ['Yui', 'Hina', 'Sakura', 'Aoi', 'Mio'], last: ['Sato', 'Suzuki', 'Takahashi', 'Tanaka', 'Watanabe'] },
  { code: 'UA', language: 'Ukrainian', cities: ['Kyiv', 'Lviv', 'Kharkiv', 'Odesa'], male: ['Oleksandr', 'Dmytro', 'Andrii', 'Serhii', 'Bohdan'], female: ['Olena', 'Iryna', 'Kateryna', 'Yuliia', 'Sofiia'], last: ['Shevchenko', 'Kovalenko', 'Bondarenko', 'Tkachenko', 'Kravchenko'] },
  { code: 'PT', language: 'Portuguese', cities: ['Lisbon', 'Porto', 'Braga'], male: ['Tiago', 'Rui', 'Gonçalo', 'Diogo', 'Nuno'], female: ['Inês', 'Mariana', 'Leonor', 'Carolina', 'Rita'], last: ['Ferreira', 'Costa', 'Rodrigues', 'Gonçalves', 'Pereira'] },
  { code: 'CA', language: 'French', cities: ['Toronto', 'Montréal', 'Vancouver', 'Waterloo'], male: ['Liam', 'Noah', 'William', 'Étienne', 'Benjamin'], female: ['Charlotte', 'Florence', 'Alice', 'Béatrice', 'Zoë'], last: ['Tremblay', 'Roy', 'Gagnon', 'MacDonald', 'Côté'] },
];

export const TITLES = ['Software Engineer', 'Senior Software Engineer', 'Staff Engineer', 'Engineering Manager', 'CTO', 'Co-founder & CEO', 'Founder', 'Product Manager', 'Data Scientist', 'Machine Learning Engineer', 'Research Scientist', 'Designer', 'Head of Growth', 'VP Engineering', 'Investment Analyst', 'Venture Partner', 'PhD Candidate', 'Solutions Architect', 'DevOps Engineer', 'Security Researcher'];
export const DEGREES = ['BSc', 'MSc', 'PhD', 'MBA', 'BA', 'MEng'];
export const FIELDS = ['Computer Science', 'Electrical Engineering', 'Mathematics', 'Physics', 'Economics', 'Biology', 'Mechanical Engineering', 'Statistics', 'Business Administration', 'Chemistry'];
export const SCHOOLS: [string, string][] = [
  ['ETH Zürich', 'Zürich'], ['Stanford University', 'Stanford'], ['University of Cambridge', 'Cambridge'], ['Technische Universität München', 'Munich'],
  ['École Polytechnique', 'Palaiseau'], ['Politecnico di Milano', 'Milan'], ['KTH Royal Institute of Technology', 'Stockholm'], ['IIT Bombay', 'Mumbai'],
  ['Tsinghua University', 'Beijing'], ['Universidade de São Paulo', 'São Paulo'], ['University of Lagos', 'Lagos'], ['Technion', 'Haifa'],
  ['University of Tokyo', 'Tokyo'], ['MIT', 'Cambridge, MA'], ['TU Delft', 'Delft'], ['University of Warsaw', 'Warsaw'], ['Universidad Politécnica de Madrid', 'Madrid'],
];
export const SKILLS = ['Python', 'TypeScript', 'Go', 'Rust', 'Kubernetes', 'PostgreSQL', 'Machine Learning', 'Deep Learning', 'Product Strategy', 'Fundraising', 'React', 'Distributed Systems', 'Computer Vision', 'NLP', 'Leadership', 'Public Speaking', 'Data Analysis', 'Cryptography', 'Embedded Systems', 'UX Research'];
export const COURSES = ['Algorithms', 'Machine Learning', 'Operating Systems', 'Corporate Finance', 'Linear Algebra', 'Entrepreneurship', 'Compilers', 'Statistics 101'];
export const LEVELS = ['Native or bilingual proficiency', 'Full professional proficiency', 'Professional working proficiency', 'Limited working proficiency', 'Elementary proficiency'];
export const PROJECTS = ['Open-source database driver', 'Realtime fraud detection', 'Satellite imagery pipeline', 'Carbon accounting platform', 'Robot arm controller', 'Peer-to-peer payments app', 'Genome assembly toolkit', 'Hackathon winner: accessible maps'];
export const PUBLISHERS = ['NeurIPS', 'ICML', 'ACM SIGMOD', 'IEEE Spectrum', 'Nature', 'arXiv', 'USENIX'];
export const LICENSES: [string, string][] = [['AWS Certified Solutions Architect', 'Amazon Web Services'], ['CFA Level II', 'CFA Institute'], ['Certified Kubernetes Administrator', 'CNCF'], ['PMP', 'Project Management Institute'], ['Google Cloud Professional Data Engineer', 'Google']];
export const INTERESTS: [string, string][] = [['Y Combinator', 'company'], ['Andrew Ng', 'influencer'], ['Climate Tech', 'group'], ['Stanford GSB', 'school'], ['Sequoia Capital', 'company'], ['Women in AI', 'group'], ['Paul Graham', 'influencer'], ['Rust Community', 'group']];
export const RECOMMENDATIONS = [
  'One of the sharpest engineers I have worked with; ships fast and brings the team along.',
  'A natural leader who turned a struggling project around in a quarter.',
  'Deep technical knowledge combined with real empathy for users.',
  'Reliable, curious and relentlessly resourceful.',
];
export const SUMMARIES = [
  'Builder with a track record of taking products from zero to one. Strong technical depth and a bias for action.',
  'Researcher turned engineer, focused on applied machine learning. Published at top venues; now interested in starting a company.',
  'Experienced engineering leader who has scaled teams from 5 to 60 people across two continents.',
  'Early-career engineer with outstanding academic results and several hackathon wins.',
  'Operator with a product background; has led growth at two venture-backed startups.',
  'Serial founder with one exit; deep network in the local ecosystem.',
];
export const INDUSTRIES = ['Software Development', 'Financial Services', 'Biotechnology', 'Climate Technology', 'Artificial Intelligence', 'E-commerce', 'Healthcare', 'Robotics', 'Cybersecurity', 'Venture Capital'];
export const COMPANY_SIZES = ['1-10 employees', '11-50 employees', '51-200 employees', '201-500 employees', '501-1,000 employees', '1,001-5,000 employees', '10,001+ employees'];
export const COMPANY_WORDS = ['Nova', 'Quantum', 'Helio', 'Lumen', 'Arbor', 'Vertex', 'Cobalt', 'Polaris', 'Kite', 'Orbit', 'Cinder', 'Tidal', 'Atlas', 'Fjord', 'Ember', 'Prism', 'Sable', 'Zephyr', 'Quartz', 'Juniper', 'Mosaic', 'Nimbus'];
export const COMPANY_SUFFIXES = ['Labs', 'AI', 'Systems', 'Robotics', 'Bio', 'Capital', 'Health', 'Energy', 'Analytics', 'Security'];
