import "server-only";
import { mayCarryAamva } from "@/lib/shared/document-automation";
import { DOCUMENT_TYPE_NAMES, type DocumentTypeName } from "@/lib/shared/document-type-names";
import { fileOf, type ProcessInput, type VerificationProcess } from "@/lib/checks/types";
import { examineDocument } from "@/lib/engines/documents/examine-document";
import { alpha2OfMrzState } from "@/lib/engines/documents/mrz/icao";
import { countryOfBarcode } from "./barcode-checks";
import { decide } from "./decide";

// DOCUMENT_VERIFICATION: OCR of the document's MRZ and printed fields, ICAO 9303 parsing with every check digit (or,
// on the back of a US/Canadian card, its PDF417 barcode parsed as AAMVA DL/ID data), template matching against the
// declared type and country, the printed front against the machine-readable data, alteration signals, image
// quality and duplicates across identities. The rules are in decide.ts (and docs/checks.md); this module gathers the evidence.

const text = (input: ProcessInput, name: string) => {
  const value = input.inputs.get(name)?.value?.trim();
  return value ? value : null;
};

export const documentVerification: VerificationProcess = {
  type: "DOCUMENT_VERIFICATION",
  dependsOn: [],
  async run(input) {
    const declared = {
      type: text(input, "DOCUMENT_TYPE"),
      country: text(input, "DOCUMENT_COUNTRY")?.toUpperCase() ?? null,
    };
    const front = await fileOf(input, "DOCUMENT_FRONT");
    if (!front) {
      return {
        result: "MANUAL_REVIEW",
        data: {
          full_name: null,
          date_of_birth: null,
          document_type: declared.type,
          country_of_issuance: declared.country,
          template_matching_result: "NOT_CHECKED",
          alteration_detection_results: "NOT_CHECKED",
        },
        checks: [
          {
            name: "DOCUMENT_IMAGES",
            result: "REVIEW",
            detail: "The front image of the document is missing or could not be read from storage.",
          },
        ],
      };
    }
    const back = await fileOf(input, "DOCUMENT_BACK");
    const type = DOCUMENT_TYPE_NAMES.includes(declared.type as DocumentTypeName) ? declared.type : null;
    const pageLike = type === "PASSPORT" || type === "VISA";
    const exam = await examineDocument(front.bytes, back?.bytes ?? null, pageLike ? "FRONT" : "BACK", {
      barcode: !pageLike && mayCarryAamva(declared.country),
    });
    const fileMeta = await input.ports.fileMeta(front.fileId);

    const f = exam.mrz?.result.fields;
    const barcode = exam.barcode?.reading;
    // compared with other steps' data.document_number / country_of_issuance, so the same values decide() stores
    const duplicates = await input.ports.findDuplicateDocuments({
      documentNumber: barcode ? barcode.documentNumber : exam.mrz?.result.valid ? (f?.documentNumber ?? null) : null,
      country: (barcode ? countryOfBarcode(barcode) : alpha2OfMrzState(f?.issuingState)) ?? declared.country,
      imageHash: exam.imageHash,
    });
    const policy = {
      today: input.now,
      allowedTypes: input.workflow.documentTypes,
      allowedCountries: input.workflow.countries,
    };
    return decide({ exam, declared, fileMeta, duplicates }, policy);
  },
};
